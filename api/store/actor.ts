/** Who did something, by the permanent id (a username can change) and the name at the time. */
export interface Actor {
  id: string;
  username: string;
}

/** Who an audit entry is about: the name at the time and the permanent id a rename keeps. */
export const auditedAs = ({ id, username }: Actor) => ({ account: username, accountId: id });
