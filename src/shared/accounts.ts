/** Owners run everything; staff work the lead desk; editors write the site's pages and see no enquiry. */
export type Role = 'owner' | 'staff' | 'editor';
export const ROLES: Role[] = ['owner', 'staff', 'editor'];

/** An account as the admin API shows it: never its password hash or its second factors' secrets. */
export interface AccountView {
  username: string;
  role: Role;
  createdAt: string;
  /** It signs in with an authenticator app or a passkey as well as its password. */
  secondFactor: boolean;
  /** The languages the advisor speaks with enquirers (en, mr, hi), for the language assignment rule. */
  languages: string[];
  /** The assignment rule gives it new enquiries. */
  available: boolean;
  /** Where its daily list is e-mailed, or null for none. */
  email: string | null;
  /** The language of its daily list (en, mr, hi), or null for the site's first. */
  emailLanguage: string | null;
}
