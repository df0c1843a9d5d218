import path from 'node:path';
import type { Low } from 'lowdb';
import type { Account, AccountChange, AccountStore, Session, SessionProof, SignedInSession, SpentCode } from '../AccountStore';
import type { Clock } from '../../clock';
import { LastOwnerError, UsernameTakenError } from '../storeErrors';
import { upgradeSecurity, type SecurityData } from './legacyFormats';
import { openJsonFile } from './openJsonFile';

/** A browser signs in to few accounts; the oldest trusted devices beyond this are forgotten. */
const DEVICES_PER_ACCOUNT = 20;

const isSecurity = (data: unknown) => !!data && typeof (data as SecurityData).sessions === 'object';
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A deep copy: a caller holding an account must not see it change under it, nor change the store by accident. */
const copy = <T extends object | undefined>(value: T): T => (value === undefined ? value : structuredClone(value));

/**
 * Staff accounts, live sessions and trusted devices, in DATA_DIR/security.json. Sessions
 * and devices are found by the hash of their token; expired ones are dropped whenever the
 * file is rewritten. Passkey challenges live for minutes and stay in memory: this store has
 * one process.
 */
export class FileAccounts implements AccountStore {
  private readonly challenges = new Map<string, { value: string; expiresAt: number }>();

  private constructor(
    private readonly db: Low<SecurityData>,
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, clock: Clock): Promise<FileAccounts> {
    const db = await openJsonFile<SecurityData>(
      path.join(dataDir, 'security.json'),
      { accounts: [], sessions: {}, trustedDevices: {} },
      isSecurity,
    );
    const upgraded = upgradeSecurity(db.data);
    if (upgraded) {
      db.data = upgraded;
      await db.write();
    }
    return new FileAccounts(db, clock);
  }

  list(): Promise<Account[]> {
    return Promise.resolve(this.db.data.accounts.map(copy));
  }

  find(username: string): Promise<Account | undefined> {
    return Promise.resolve(copy(this.named(username)));
  }

  get(id: string): Promise<Account | undefined> {
    return Promise.resolve(copy(this.byId(id)));
  }

  /** Whether the account exists, at once: for the parts whose records need one (the daily lists). */
  has(id: string): boolean {
    return this.byId(id) !== undefined;
  }

  private named(username: string): Account | undefined {
    return this.db.data.accounts.find((account) => sameName(account.username, username));
  }

  private byId(id: string): Account | undefined {
    return this.db.data.accounts.find((account) => account.id === id);
  }

  async add(account: Account): Promise<boolean> {
    if (this.named(account.username)) return false;
    this.db.data.accounts.push(copy(account));
    await this.write();
    return true;
  }

  /**
   * The check and the change happen in one synchronous step of this one process (the data
   * folder's lock keeps out any other), so no second change can come between them.
   */
  async update(
    id: string,
    change: AccountChange,
    endSessions?: { keepSession?: string; forgetDevices?: boolean },
  ): Promise<Account | undefined> {
    const account = this.byId(id);
    if (!account) return undefined;
    change = copy(change);
    if (
      change.username !== undefined &&
      this.db.data.accounts.some((other) => other.id !== id && sameName(other.username, change.username!))
    ) {
      throw new UsernameTakenError(change.username);
    }
    if (change.role !== undefined && change.role !== 'owner') this.keepAnOwner(account);
    Object.assign(account, change);
    if (change.mustChangePassword === false) delete account.mustChangePassword;
    if (change.email === null) delete account.email;
    if (account.displayNames && Object.keys(account.displayNames).length === 0) delete account.displayNames;
    if (account.mfa && Object.keys(account.mfa).length === 0) delete account.mfa;
    if (endSessions) {
      const others = <T extends Session>(table: Record<string, T>, keep?: string) =>
        Object.fromEntries(Object.entries(table).filter(([hash, entry]) => entry.accountId !== id || hash === keep));
      this.db.data.sessions = others(this.db.data.sessions, endSessions.keepSession);
      if (endSessions.forgetDevices) this.db.data.trustedDevices = others(this.db.data.trustedDevices);
    }
    await this.write();
    return copy(account);
  }

  async remove(id: string): Promise<boolean> {
    const account = this.byId(id);
    if (!account) return false;
    this.keepAnOwner(account);
    this.db.data.accounts = this.db.data.accounts.filter((other) => other.id !== id);
    const others = <T extends Session>(table: Record<string, T>) =>
      Object.fromEntries(Object.entries(table).filter(([, entry]) => entry.accountId !== id));
    this.db.data.sessions = others(this.db.data.sessions);
    this.db.data.trustedDevices = others(this.db.data.trustedDevices);
    await this.write();
    return true;
  }

  private keepAnOwner(account: Account) {
    if (account.role === 'owner' && this.db.data.accounts.filter((other) => other.role === 'owner').length === 1)
      throw new LastOwnerError();
  }

  async spendCode(accountId: string, code: SpentCode): Promise<boolean> {
    const mfa = this.byId(accountId)?.mfa;
    if (!mfa) return false;
    if ('recoveryCode' in code) {
      const left = (mfa.recoveryCodes ?? []).filter((hash) => hash !== code.recoveryCode);
      if (left.length === (mfa.recoveryCodes ?? []).length) return false;
      mfa.recoveryCodes = left;
    } else {
      if (code.totpStep <= (mfa.totpLastStep ?? -1)) return false;
      mfa.totpLastStep = code.totpStep;
    }
    await this.write();
    return true;
  }

  getSession(tokenHash: string): Promise<SignedInSession | undefined> {
    return Promise.resolve(copy(live(this.db.data.sessions, tokenHash, this.clock.now())));
  }

  async createSession(tokenHash: string, session: SignedInSession): Promise<void> {
    this.db.data.sessions[tokenHash] = session;
    await this.write();
  }

  async recordProof(tokenHash: string, proof: SessionProof): Promise<void> {
    const session = live(this.db.data.sessions, tokenHash, this.clock.now());
    if (!session) return;
    Object.assign(session, proof);
    await this.write();
  }

  secretsKeyCheck(): Promise<string | undefined> {
    return Promise.resolve(this.db.data.secretsKeyCheck);
  }

  async recordSecretsKeyCheck(check: string): Promise<string> {
    if (this.db.data.secretsKeyCheck === undefined) {
      this.db.data.secretsKeyCheck = check;
      await this.write();
    }
    return this.db.data.secretsKeyCheck;
  }

  async touchSession(tokenHash: string, at: number): Promise<void> {
    const session = live(this.db.data.sessions, tokenHash, this.clock.now());
    if (!session) return;
    session.lastSeenAt = at;
    await this.write();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    delete this.db.data.sessions[tokenHash];
    await this.write();
  }

  async addTrustedDevice(tokenHash: string, device: Session): Promise<void> {
    const devices = this.db.data.trustedDevices;
    devices[tokenHash] = device;
    const mine = Object.entries(devices)
      .filter(([, entry]) => entry.accountId === device.accountId)
      .sort(([, a], [, b]) => b.expiresAt - a.expiresAt);
    for (const [hash] of mine.slice(DEVICES_PER_ACCOUNT)) delete devices[hash];
    await this.write();
  }

  isTrustedDevice(tokenHash: string, accountId: string): Promise<boolean> {
    return Promise.resolve(live(this.db.data.trustedDevices, tokenHash, this.clock.now())?.accountId === accountId);
  }

  putChallenge(key: string, value: string, expiresAt: number): Promise<void> {
    const now = this.clock.now();
    for (const [other, entry] of this.challenges) if (entry.expiresAt <= now) this.challenges.delete(other);
    this.challenges.set(key, { value, expiresAt });
    return Promise.resolve();
  }

  takeChallenge(key: string): Promise<string | undefined> {
    const entry = this.challenges.get(key);
    this.challenges.delete(key);
    return Promise.resolve(entry && entry.expiresAt > this.clock.now() ? entry.value : undefined);
  }

  /** Every write drops what has expired, so the file never grows with old sessions. */
  private write(): Promise<void> {
    const now = this.clock.now();
    const unexpired = <T extends Session>(table: Record<string, T>) =>
      Object.fromEntries(Object.entries(table).filter(([, entry]) => entry.expiresAt > now));
    this.db.data.sessions = unexpired(this.db.data.sessions);
    this.db.data.trustedDevices = unexpired(this.db.data.trustedDevices);
    return this.db.write();
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}

/** An entry that exists (as an own property, never an Object method) and has not expired. */
function live<T extends Session>(table: Record<string, T>, tokenHash: string, now: number): T | undefined {
  const entry = Object.hasOwn(table, tokenHash) ? table[tokenHash] : undefined;
  return entry && entry.expiresAt > now ? entry : undefined;
}
