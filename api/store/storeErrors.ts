/** A list was asked for a page after a cursor it never gave out; the routes answer 400. */
export class BadCursorError extends Error {
  constructor() {
    super('The cursor is not one this list gave out.');
  }
}

export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`The username "${username}" is already taken.`);
  }
}

/** A change would leave the firm without an owner account. */
export class LastOwnerError extends Error {
  constructor() {
    super('This is the only owner account.');
  }
}

/** An assignment found the enquiry already with someone it may not be taken from. */
export class AssignmentTakenError extends Error {
  constructor() {
    super('This enquiry is assigned to someone else now.');
  }
}
