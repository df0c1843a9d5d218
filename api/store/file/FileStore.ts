import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import type { AdminCredential, Channel, DeliveryState, DueDelivery, Session, Store, StoredEnquiry, WindowCount } from '../Store';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock';
import { MemoryWindows } from './memoryWindows';
import { PendingDeliveries } from './pendingDeliveries';
import { prepareDataDir } from './prepareDataDir';
import { RecordShelf } from './recordShelf';
import { SecurityFile } from './securityFile';

const FORMS: FormKind[] = ['contact', 'about'];

/**
 * The embedded store: JSON files in DATA_DIR, each written durably (flushed to the disk
 * before a change is acknowledged) through a temporary file and a rename. For one server
 * process only; a lock file stops a second process from opening the same folder.
 */
export class FileStore implements Store {
  private readonly pending = new PendingDeliveries();
  private readonly windows = new MemoryWindows();

  private constructor(
    private readonly shelves: Record<FormKind, RecordShelf<StoredEnquiry>>,
    private readonly security: SecurityFile,
    private readonly lock: DataDirLock,
  ) {
    for (const kind of FORMS) for (const record of shelves[kind].newestFirst()) this.pending.track(kind, record._id, record);
  }

  static async open(dataDir: string): Promise<FileStore> {
    prepareDataDir(dataDir);
    const lock = acquireDataDirLock(dataDir);
    try {
      const [about, contact, security] = await Promise.all([
        RecordShelf.open<StoredEnquiry>(path.join(dataDir, 'enquiries', 'about')),
        RecordShelf.open<StoredEnquiry>(path.join(dataDir, 'enquiries', 'contact')),
        SecurityFile.open(dataDir),
      ]);
      return new FileStore({ about, contact }, security, lock);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  async addEnquiry(kind: FormKind, fields: Record<string, string>, channels: Channel[] = []): Promise<StoredEnquiry> {
    const now = Date.now();
    const record: StoredEnquiry = { _id: randomUUID(), createdAt: new Date(now).toISOString(), ...fields };
    if (channels.length) {
      record.notifications = Object.fromEntries(
        channels.map((channel) => [channel, { status: 'pending', attempts: 0, nextAttemptAt: now }]),
      );
    }
    await this.shelves[kind].add(record);
    this.pending.track(kind, record._id, record);
    return record;
  }

  listEnquiries(kind: FormKind): Promise<StoredEnquiry[]> {
    return Promise.resolve([...this.shelves[kind].newestFirst()]);
  }

  async deleteEnquiry(kind: FormKind, id: string): Promise<boolean> {
    const removed = await this.shelves[kind].delete([id]);
    this.pending.track(kind, id, undefined);
    return removed === 1;
  }

  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    return Promise.resolve(this.pending.claim(limit, leaseMs));
  }

  async recordDelivery(kind: FormKind, id: string, channel: Channel, state: DeliveryState): Promise<void> {
    this.pending.release(id, channel);
    const record = await this.shelves[kind].update(id, (found) => {
      found.notifications = { ...found.notifications, [channel]: state };
    });
    this.pending.track(kind, id, record);
  }

  countInWindow(key: string, windowMs: number, add = 1): Promise<WindowCount> {
    return Promise.resolve(this.windows.count(key, windowMs, add));
  }

  getAdmin(): Promise<AdminCredential | undefined> {
    return Promise.resolve(this.security.admin);
  }

  setAdmin(admin: AdminCredential): Promise<void> {
    return this.security.setAdmin(admin);
  }

  createSession(tokenHash: string, session: Session): Promise<void> {
    return this.security.addSession(tokenHash, session);
  }

  getSession(tokenHash: string): Promise<Session | undefined> {
    return Promise.resolve(this.security.session(tokenHash));
  }

  deleteSession(tokenHash: string): Promise<void> {
    return this.security.deleteSession(tokenHash);
  }

  deleteSessionsExcept(tokenHash?: string): Promise<void> {
    return this.security.deleteSessionsExcept(tokenHash);
  }

  async close(): Promise<void> {
    await Promise.all([this.shelves.about.flush(), this.shelves.contact.flush(), this.security.flush()]);
    this.lock.release();
  }
}
