import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Low } from 'lowdb';
import { DataFile } from 'lowdb/node';
import type { FormKind } from '../../src/shared/forms/formSchemas';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock';
import type { AdminCredential, Channel, DeliveryState, DueDelivery, Session, Store, StoredEnquiry, WindowCount } from './Store';

/**
 * Enquiries are kept in segment files of at most this many records, so one write never
 * rewrites more than one segment, however long the firm's history grows.
 */
export const SEGMENT_SIZE = 1000;
const SEGMENT_NAME = /^\d{6}\.json$/;

interface SegmentData {
  records: StoredEnquiry[];
}

interface SecurityData {
  windows: Record<string, { start: number; count: number }>;
  admin?: AdminCredential;
  sessions: Record<string, Session>;
}

export class DataFileError extends Error {}

const jsonFile = <T>(file: string) => new DataFile<T>(file, { parse: JSON.parse, stringify: JSON.stringify });

async function readFile<T>(file: string, fallback: T, isValid: (data: unknown) => boolean): Promise<Low<T>> {
  const db = new Low<T>(jsonFile<T>(file), fallback);
  try {
    await db.read();
  } catch (error) {
    throw new DataFileError(
      `The data file ${file} cannot be read (${(error as Error).message}). The server has stopped and has not changed the file; restore it from a backup or repair it, then start again.`,
    );
  }
  if (!isValid(db.data)) {
    throw new DataFileError(`The data file ${file} does not have the expected shape. The server has stopped and has not changed the file.`);
  }
  return db;
}

const isSegment = (data: unknown) =>
  !!data &&
  Array.isArray((data as SegmentData).records) &&
  (data as SegmentData).records.every((record) => typeof record?._id === 'string');

const isSecurity = (data: unknown) =>
  !!data && typeof (data as SecurityData).windows === 'object' && typeof (data as SecurityData).sessions === 'object';

const hasPending = (record: StoredEnquiry) => Object.values(record.notifications ?? {}).some((state) => state?.status === 'pending');

class EnquiryShelf {
  private readonly segments: Low<SegmentData>[] = [];
  private readonly segmentOf = new Map<string, Low<SegmentData>>();
  /** Records with a notification still to send, so the outbox never scans the whole history. */
  readonly pending = new Map<string, StoredEnquiry>();

  private constructor(private readonly dir: string) {}

  static async open(dir: string): Promise<EnquiryShelf> {
    mkdirSync(dir, { recursive: true });
    const shelf = new EnquiryShelf(dir);
    for (const name of readdirSync(dir)
      .filter((file) => SEGMENT_NAME.test(file))
      .sort()) {
      const segment = await readFile<SegmentData>(path.join(dir, name), { records: [] }, isSegment);
      shelf.segments.push(segment);
      for (const record of segment.data.records) {
        shelf.segmentOf.set(record._id, segment);
        if (hasPending(record)) shelf.pending.set(record._id, record);
      }
    }
    return shelf;
  }

  private writableSegment(): Low<SegmentData> {
    const last = this.segments.at(-1);
    if (last && last.data.records.length < SEGMENT_SIZE) return last;
    const name = `${String(this.segments.length + 1).padStart(6, '0')}.json`;
    const segment = new Low<SegmentData>(jsonFile<SegmentData>(path.join(this.dir, name)), { records: [] });
    this.segments.push(segment);
    return segment;
  }

  async add(record: StoredEnquiry): Promise<void> {
    const segment = this.writableSegment();
    segment.data.records.push(record);
    this.segmentOf.set(record._id, segment);
    try {
      await segment.write();
    } catch (error) {
      // Not on disk, so not acknowledged: take it back out rather than let a later write save it silently.
      segment.data.records = segment.data.records.filter((candidate) => candidate !== record);
      this.segmentOf.delete(record._id);
      throw error;
    }
    if (hasPending(record)) this.pending.set(record._id, record);
  }

  /** Changes one record in place and saves its segment; false if it no longer exists. */
  async update(id: string, change: (record: StoredEnquiry) => void): Promise<boolean> {
    const segment = this.segmentOf.get(id);
    const record = segment?.data.records.find((candidate) => candidate._id === id);
    if (!segment || !record) return false;
    change(record);
    if (hasPending(record)) this.pending.set(id, record);
    else this.pending.delete(id);
    await segment.write();
    return true;
  }

  list(): StoredEnquiry[] {
    const newestFirst: StoredEnquiry[] = [];
    for (let s = this.segments.length - 1; s >= 0; s--) {
      const records = this.segments[s]!.data.records;
      for (let r = records.length - 1; r >= 0; r--) newestFirst.push(records[r]!);
    }
    return newestFirst;
  }

  async delete(id: string): Promise<boolean> {
    const segment = this.segmentOf.get(id);
    if (!segment) return false;
    const before = segment.data.records;
    segment.data.records = before.filter((record) => record._id !== id);
    this.segmentOf.delete(id);
    this.pending.delete(id);
    try {
      await segment.write();
    } catch (error) {
      segment.data.records = before;
      this.segmentOf.set(id, segment);
      const record = before.find((candidate) => candidate._id === id);
      if (record && hasPending(record)) this.pending.set(id, record);
      throw error;
    }
    return true;
  }

  async flush(): Promise<void> {
    await Promise.all(this.segments.map((segment) => segment.write()));
  }
}

/**
 * The embedded store: lowdb JSON files in DATA_DIR, written through a temporary file and
 * a rename so a crash never leaves half a file. For one server process only; a lock file
 * stops a second process from opening the same folder.
 */
export class FileStore implements Store {
  /** Deliveries handed to the outbox and not yet recorded, with when the lease ends. */
  private readonly leases = new Map<string, number>();

  private constructor(
    private readonly shelves: Record<FormKind, EnquiryShelf>,
    private readonly security: Low<SecurityData>,
    private readonly lock: DataDirLock,
  ) {}

  static async open(dataDir: string): Promise<FileStore> {
    mkdirSync(dataDir, { recursive: true });
    const lock = acquireDataDirLock(dataDir);
    try {
      const [about, contact] = await Promise.all([
        EnquiryShelf.open(path.join(dataDir, 'enquiries', 'about')),
        EnquiryShelf.open(path.join(dataDir, 'enquiries', 'contact')),
      ]);
      const security = await readFile<SecurityData>(path.join(dataDir, 'security.json'), { windows: {}, sessions: {} }, isSecurity);
      return new FileStore({ about, contact }, security, lock);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  async addEnquiry(kind: FormKind, fields: Record<string, string>, channels: Channel[] = []): Promise<StoredEnquiry> {
    const now = Date.now();
    const record: StoredEnquiry = { _id: randomUUID(), createdAt: new Date(now).toISOString(), ...fields };
    if (channels.length)
      record.notifications = Object.fromEntries(
        channels.map((channel) => [channel, { status: 'pending', attempts: 0, nextAttemptAt: now }]),
      );
    await this.shelves[kind].add(record);
    return record;
  }

  claimDueDeliveries(limit: number, leaseMs: number): Promise<DueDelivery[]> {
    const now = Date.now();
    const due: DueDelivery[] = [];
    for (const kind of ['contact', 'about'] as const) {
      for (const record of this.shelves[kind].pending.values()) {
        for (const [channel, state] of Object.entries(record.notifications ?? {}) as [Channel, DeliveryState][]) {
          const lease = `${kind}:${record._id}:${channel}`;
          if (due.length >= limit || state.status !== 'pending' || state.nextAttemptAt > now || (this.leases.get(lease) ?? 0) > now)
            continue;
          this.leases.set(lease, now + leaseMs);
          due.push({ kind, channel, attempts: state.attempts, enquiry: record });
        }
      }
    }
    return Promise.resolve(due);
  }

  async recordDelivery(kind: FormKind, id: string, channel: Channel, state: DeliveryState): Promise<void> {
    this.leases.delete(`${kind}:${id}:${channel}`);
    await this.shelves[kind].update(id, (record) => {
      record.notifications = { ...record.notifications, [channel]: state };
    });
  }

  listEnquiries(kind: FormKind): Promise<StoredEnquiry[]> {
    return Promise.resolve(this.shelves[kind].list());
  }

  deleteEnquiry(kind: FormKind, id: string): Promise<boolean> {
    return this.shelves[kind].delete(id);
  }

  async countInWindow(key: string, windowMs: number, add = 1): Promise<WindowCount> {
    const now = Date.now();
    const windows = new Map(Object.entries(this.security.data.windows));
    for (const [name, window] of windows) if (now >= window.start + windowMs) windows.delete(name);
    const current = windows.get(key) ?? { start: now, count: 0 };
    if (add > 0) {
      current.count += add;
      windows.set(key, current);
      this.security.data.windows = Object.fromEntries(windows);
      await this.security.write();
    }
    return { count: current.count, resetAt: current.start + windowMs };
  }

  getAdmin(): Promise<AdminCredential | undefined> {
    return Promise.resolve(this.security.data.admin);
  }

  async setAdmin(admin: AdminCredential): Promise<void> {
    this.security.data.admin = admin;
    await this.security.write();
  }

  async createSession(tokenHash: string, session: Session): Promise<void> {
    this.security.data.sessions = { ...this.liveSessions(), [tokenHash]: session };
    await this.security.write();
  }

  getSession(tokenHash: string): Promise<Session | undefined> {
    const session = Object.hasOwn(this.security.data.sessions, tokenHash) ? this.security.data.sessions[tokenHash] : undefined;
    return Promise.resolve(session && session.expiresAt > Date.now() ? session : undefined);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    const { [tokenHash]: _ended, ...rest } = this.liveSessions();
    this.security.data.sessions = rest;
    await this.security.write();
  }

  async deleteSessionsExcept(tokenHash?: string): Promise<void> {
    const kept = tokenHash ? this.liveSessions()[tokenHash] : undefined;
    this.security.data.sessions = kept && tokenHash ? { [tokenHash]: kept } : {};
    await this.security.write();
  }

  /** The sessions not yet expired; expired ones are dropped whenever sessions are rewritten. */
  private liveSessions(): Record<string, Session> {
    const now = Date.now();
    return Object.fromEntries(Object.entries(this.security.data.sessions).filter(([, session]) => session.expiresAt > now));
  }

  async close(): Promise<void> {
    await Promise.all([this.shelves.about.flush(), this.shelves.contact.flush(), this.security.write()]);
    this.lock.release();
  }
}
