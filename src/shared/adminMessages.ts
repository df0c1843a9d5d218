/**
 * What the admin area says. The first six are the firm's own wording for the login and
 * reset modes and are kept exactly; the admin pages show every message as the server sends it.
 */
export const ADMIN_MESSAGES = {
  wrongCredentials: 'Incorrect username or password, please try again.',
  noAdmin: 'No username or password found in the system.',
  passwordsDiffer: 'New passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters.',
  usernamesDiffer: 'New usernames do not match.',
  usernameTooShort: 'Username must be at least 3 characters.',
  passwordTooCommon: 'That password is one of the most common ones, so it is easy to guess. Please choose another.',
  passwordChanged: 'Your password has been changed. Log in with the new password.',
  passwordChangedHere: 'Your password has been changed. Every other session and remembered device of this account has been signed out.',
  usernameChanged: 'Your username has been changed. Log in with the new username.',
  usernameTaken: 'That username is already taken. Please choose another.',
  loggedOut: 'You have logged out.',
  notLoggedIn: 'Please log in to see this page.',
  /** The sign-in, when a session ended on a screen: the person goes back to that screen after. */
  signInAgain: 'Your session has ended. Sign in again to carry on where you were.',
  crossOrigin: 'This request must come from the admin pages of this site.',
  lockedOut: (minutes: number) => `Too many failed attempts. For your security, try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  checkInProgress: 'A sign-in for this account is already being checked. Please wait a moment and try again.',
  mustChangePassword: 'Please choose a new password before you continue: the one you signed in with was chosen by someone else.',
  mustEnrol:
    'Please set up a second way to prove it is you before you continue: an authenticator app on your phone, or a passkey on this device.',
  idleEnded: (minutes: number) => `You were signed out after ${minutes} minutes without activity. Please log in again.`,
  codeNeeded: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeWrong:
    'That code is not right, or has been used already. Enter the current code from your authenticator app, or an unused recovery code.',
  codeFormat: 'The code must be the 6 digits from your authenticator app, or a recovery code.',
  noPendingTotp: 'Start again: choose "Set up an authenticator app" to get a new QR code.',
  enrolCodeWrong: 'That code does not match. Check that the app was set up with this QR code and enter the code it shows now.',
  totpAdded: 'Your authenticator app is set up. From now on, sign in with your password and the code it shows.',
  noTotp: 'This account has no authenticator app set up.',
  noFactorYet: 'Set up an authenticator app or a passkey first; recovery codes come with it.',
  passkeyName: 'Give the passkey a name of up to 60 characters, such as "Office laptop".',
  passkeyFailed: 'The passkey could not be checked. Please try again, on this site’s own address.',
  passkeyAdded: (name: string) => `The passkey "${name}" has been added. You can now sign in with it instead of a password and code.`,
  tooManyPasskeys: (limit: number) => `An account can have at most ${limit} passkeys. Remove one you no longer use first.`,
  noPasskey: 'This account has no such passkey.',
  passkeySignInFailed: 'That passkey was not accepted. Sign in with your password, or try the passkey again.',
  factorsReset: (username: string) =>
    `The second factors of ${username} have been removed and its sessions ended. At the next sign-in it will be asked to set up a new one.`,
  confirmIdentity: (hasFactor: boolean, purpose = 'change how this account signs in') =>
    hasFactor
      ? `To ${purpose}, first confirm it is you: enter your password and a code from your authenticator app or a recovery code, or use a passkey. It holds for 5 minutes.`
      : `To ${purpose}, first confirm it is you: enter your password. It holds for 5 minutes.`,
  identityConfirmed: 'Confirmed. For the next 5 minutes you can change how this account signs in.',
  otherSessionsEnded: 'Every other session of this account has been signed out.',
  tooManyReads: (limit: number, minutes: number) =>
    `You have opened more than ${limit} enquiries in the last hour, the most a staff account may. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask an owner if you need more.`,
  usernameCharacters: 'Username may use letters, digits, dots, dashes and underscores only.',
  ownersOnly: (what: string) => `Only an owner can ${what}. Ask an owner of this account if it needs doing.`,
  deskOnly: 'An editor account works on the pages only; enquiries and privacy requests are for owners and staff.',
  pagesOnly: 'Only owners and editors can change the pages. Ask an owner if you need an editor account.',
  lastOwner: 'This is the only owner account, so it cannot be removed or given another role. Make another account an owner first.',
};

export const MIN_PASSWORD_LENGTH = 8;
/** ASVS V6.2.9 asks for at least 64; scrypt hashes any length at the same cost. */
export const MAX_PASSWORD_LENGTH = 128;
export const MIN_USERNAME_LENGTH = 3;
/** Plain Latin letters only, so no name can look like another (a Cyrillic о in "оwner"); the new-account schema says the same. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
/** Long enough for any passphrase, short enough that hashing it costs nothing extra. */
export const MAX_CREDENTIAL_LENGTH = 200;
export const MAX_USERNAME_LENGTH = 40;
