import path from 'node:path';
import type { Low } from 'lowdb';
import type { AdminCredential, Session } from '../Store';
import { openJsonFile } from './openJsonFile';

interface SecurityData {
  admin?: AdminCredential;
  sessions: Record<string, Session>;
}

const isSecurity = (data: unknown) => !!data && typeof (data as SecurityData).sessions === 'object';

/**
 * The admin credential and the live sessions, in DATA_DIR/security.json. Sessions are
 * found by the hash of their token; expired ones are dropped whenever the file is rewritten.
 * Rate-limit counters are not kept here: they change on every request and live in memory.
 */
export class SecurityFile {
  private constructor(private readonly db: Low<SecurityData>) {}

  static async open(dataDir: string): Promise<SecurityFile> {
    const db = await openJsonFile<SecurityData>(path.join(dataDir, 'security.json'), { sessions: {} }, isSecurity);
    // Files written before counters moved to memory still carry them; the next write drops them.
    delete (db.data as SecurityData & { windows?: unknown }).windows;
    return new SecurityFile(db);
  }

  get admin(): AdminCredential | undefined {
    return this.db.data.admin;
  }

  /** Sets the credential and ends every session but `keep`, in one write. */
  async setAdmin(admin: AdminCredential, endSessions: { keep?: string } | false = false): Promise<void> {
    this.db.data.admin = admin;
    if (endSessions) this.keepOnly(endSessions.keep);
    else this.db.data.sessions = this.liveSessions();
    await this.db.write();
  }

  session(tokenHash: string): Session | undefined {
    const session = Object.hasOwn(this.db.data.sessions, tokenHash) ? this.db.data.sessions[tokenHash] : undefined;
    return session && session.expiresAt > Date.now() ? session : undefined;
  }

  async addSession(tokenHash: string, session: Session): Promise<void> {
    this.db.data.sessions = { ...this.liveSessions(), [tokenHash]: session };
    await this.db.write();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    const { [tokenHash]: _ended, ...rest } = this.liveSessions();
    this.db.data.sessions = rest;
    await this.db.write();
  }

  async deleteSessionsExcept(tokenHash?: string): Promise<void> {
    this.keepOnly(tokenHash);
    await this.db.write();
  }

  private keepOnly(tokenHash?: string) {
    const kept = tokenHash ? this.liveSessions()[tokenHash] : undefined;
    this.db.data.sessions = kept && tokenHash ? { [tokenHash]: kept } : {};
  }

  private liveSessions(): Record<string, Session> {
    const now = Date.now();
    return Object.fromEntries(Object.entries(this.db.data.sessions).filter(([, session]) => session.expiresAt > now));
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}
