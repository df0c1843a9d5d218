import type { DisplayNames, Role } from '../../src/shared/accounts';

/** A staff account. The password exists only as a hash. */
export interface Account {
  id: string;
  username: string;
  role: Role;
  passwordHash: string;
  /** Set for a password someone else chose (the server or an owner): it must be changed at the first login. */
  mustChangePassword?: boolean;
  /** The account's second factors; absent until it enrols one. */
  mfa?: SecondFactors;
  /** The languages the advisor speaks with enquirers (ids of the site's languages). */
  languages?: string[];
  /** Set when _desk.yaml's assignment rule may give it new enquiries. */
  available?: boolean;
  /** Where the advisor's daily list is e-mailed; none is sent without it. */
  email?: string;
  /** The language the daily list is written in (an id of the site's languages); the site's first without it. */
  emailLanguage?: string;
  /** The advisor's name as enquirers read it, by language id (displayNameOf); set by an owner. */
  displayNames?: DisplayNames;
  createdAt: string;
}

/** A passkey as @simplewebauthn/server verifies it: the public key, never anything secret. */
export interface Passkey {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  /** What the account called it, such as "Office laptop". */
  name: string;
  createdAt: string;
}

export interface SecondFactors {
  /** The authenticator app's shared secret once a code from it is confirmed, sealed with the secrets key (auth/secondFactor.ts). */
  totpSecret?: string;
  /** A secret offered for enrolment and not yet confirmed with a code, sealed the same way. */
  pendingTotpSecret?: string;
  /** The last 30-second step a code was accepted for: each code works once. */
  totpLastStep?: number;
  /** SHA-256 of each unused recovery code. */
  recoveryCodes?: string[];
  passkeys?: Passkey[];
}

/** What may change in an account; `email: null` removes the daily list's address. */
export type AccountChange = Partial<Omit<Account, 'id' | 'createdAt' | 'email'>> & { email?: string | null };

/** A one-time code an account spends: a recovery code (by its hash) or an authenticator step. */
export type SpentCode = { recoveryCode: string } | { totpStep: number };

export interface Session {
  accountId: string;
  expiresAt: number;
  /** When the session last made a request (ms), for the idle limit: its sign-in at first. Absent in sessions of an older version. */
  lastSeenAt?: number;
}

/** When a session last proved the account's password, and its second factor (ms): changing factors asks for both, recently. */
export interface SessionProof {
  passwordAt?: number;
  factorAt?: number;
}

export type SignedInSession = Session & SessionProof;

/**
 * The staff's accounts and everything that signs them in: sessions, second factors, trusted
 * devices, passkey challenges, and the check of the key their secrets are sealed with.
 */
export interface AccountStore {
  list(): Promise<Account[]>;
  /** Usernames are compared without case. */
  find(username: string): Promise<Account | undefined>;
  get(id: string): Promise<Account | undefined>;
  /** False when the username is taken. */
  add(account: Account): Promise<boolean>;
  /**
   * Changes an account and, in the same write or transaction, ends its sessions (all, or all
   * but `keepSession`) when `endSessions` is set, and forgets its trusted devices when
   * `forgetDevices` is. Undefined when the account does not exist; throws UsernameTakenError
   * when a new username is taken, and LastOwnerError when it would leave no owner (checked
   * and changed atomically, so two owners demoting each other cannot both succeed).
   */
  update(id: string, change: AccountChange, endSessions?: { keepSession?: string; forgetDevices?: boolean }): Promise<Account | undefined>;
  /** Removes the account with its sessions and trusted devices; LastOwnerError as above. */
  remove(id: string): Promise<boolean>;
  /** Spends a recovery code or an authenticator step, atomically: false if already spent (or an older step). */
  spendCode(accountId: string, code: SpentCode): Promise<boolean>;

  /** Sessions are found by the SHA-256 of their token, so the store never holds a usable token. */
  createSession(tokenHash: string, session: SignedInSession): Promise<void>;
  /** Undefined when missing or expired. */
  getSession(tokenHash: string): Promise<SignedInSession | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Records that the session made a request at `at` (ms), for the idle limit. */
  touchSession(tokenHash: string, at: number): Promise<void>;
  /** Records that the session has just proved the password or the second factor again (the times given). */
  recordProof(tokenHash: string, proof: SessionProof): Promise<void>;
  /**
   * The check value of the key secrets are sealed with (api/secrets/secretsKey.ts), recorded by
   * the first server to seal one; undefined before that.
   */
  secretsKeyCheck(): Promise<string | undefined>;
  /** Records `check` when no check is recorded yet; returns the one recorded (another key's, if it differs). */
  recordSecretsKeyCheck(check: string): Promise<string>;
  /** A browser that once signed in to an account: exempt from that account's lockout. */
  addTrustedDevice(tokenHash: string, device: Session): Promise<void>;
  isTrustedDevice(tokenHash: string, accountId: string): Promise<boolean>;

  /** Keeps a one-time value (a passkey challenge) under `key` until `expiresAt` (ms). */
  putChallenge(key: string, value: string, expiresAt: number): Promise<void>;
  /** The value under `key`, removed in the same step, so it can be used once; undefined if gone or expired. */
  takeChallenge(key: string): Promise<string | undefined>;
}
