/** SPEC section 5's wording, kept exactly; the admin pages show these as the server sends them. */
export const ADMIN_MESSAGES = {
  wrongCredentials: 'Incorrect username or password, please try again.',
  noAdmin: 'No username or password found in the system.',
  passwordsDiffer: 'New passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters.',
  usernamesDiffer: 'New usernames do not match.',
  usernameTooShort: 'Username must be at least 3 characters.',
  passwordChanged: 'Your password has been changed. Log in with the new password.',
  usernameChanged: 'Your username has been changed. Log in with the new username.',
  loggedOut: 'You have logged out.',
  notLoggedIn: 'Please log in to see this page.',
  crossOrigin: 'This request must come from the admin pages of this site.',
  lockedOut: (minutes: number) => `Too many failed attempts. For your security, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
};

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const MAX_CREDENTIAL_LENGTH = 200;
