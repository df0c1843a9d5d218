import { mkdirSync, readFileSync } from 'node:fs';
import { writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ContentChecker } from '../../src/content/checkContent';
import { diskFolder, withFiles, type ContentFolder } from '../../src/content/contentFolder';
import { textFacts, type TextFacts } from '../../src/content/textFacts';
import { summarize, type CheckedSummary } from './checkedContent';

/** What the check learnt of each file, kept in DATA_DIR between runs of the same build (a hidden file: backups leave it out). */
export const CONTENT_CHECK_CACHE = '.content-check-cache.json';

/** Files written (text, or a picture's bytes) or, with null, removed. */
export type Changes = ReadonlyMap<string, string | Buffer | null>;

/** A content file's text that is not part of the site: a draft, an old revision. */
export type Text = readonly [file: string, text: string];

/** An editor's check ran past its time limit: the worker was stopped and started again. */
export class CheckTookTooLong extends Error {
  constructor() {
    super('This check took too long; the file is too large or a house-style pattern is too complex. Shorten it and try again.');
  }
}

export interface CheckRequest {
  /** An editor's check (of a draft, a preview, a publish) is stopped past the time limit; the server's own are not. */
  limited?: boolean;
  today?: Date;
}

/**
 * The content check as the server runs it: against a base (the deploy with every publish laid
 * over it) that both sides keep, so only changes travel. `check` answers for the base with
 * changes laid over it; `apply` makes changes part of the base once they are published.
 */
export interface ContentChecks {
  /** Starts over from the deploy with `overlay` (every published file and uploaded picture) laid over it. */
  reset(overlay: Changes): Promise<void>;
  check(changes: Changes, request?: CheckRequest): Promise<CheckedSummary>;
  apply(changes: Changes): Promise<void>;
  /** What each text holds (its title, pictures, stamp and fingerprint), each named by its file: read here, not on the thread that answers visitors. */
  read(texts: readonly Text[]): Promise<TextFacts[]>;
  /**
   * After a check of the whole site: gives back the memory it worked in. A thread's heap stays at
   * its peak while the thread waits (125 MB at 3,000 pages, 29 MB of it in use), so the check's
   * thread is started again from what it learnt (its cache file); in this thread, nothing to do.
   */
  renew(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The check in this thread, with a checker that keeps what it learnt of each file, so each
 * check costs what changed. With a cache file, what it learnt is kept on disk between runs of
 * the same code, so a restart of a large site does not check every file again.
 */
export class LocalChecks implements ContentChecks {
  private readonly checker = new ContentChecker();
  private overlay = new Map<string, string | Buffer | null>();
  private base: ContentFolder;
  private saved = true;

  constructor(
    private readonly deployed: ContentFolder,
    private readonly cache?: { file: string; version: string },
  ) {
    this.base = deployed;
    if (cache) {
      try {
        const kept = JSON.parse(readFileSync(cache.file, 'utf8')) as { version: string; learnt: [string, unknown][] };
        if (kept.version === cache.version) this.checker.relearn(kept.learnt);
      } catch {
        // No cache yet, or one that cannot be read: the first check reads every file.
      }
    }
  }

  reset(overlay: Changes): Promise<void> {
    this.overlay = new Map(overlay);
    this.base = withFiles(this.deployed, this.overlay);
    this.saved = false;
    return Promise.resolve();
  }

  async check(changes: Changes, request: CheckRequest = {}): Promise<CheckedSummary> {
    const folder = changes.size === 0 ? this.base : withFiles(this.base, changes);
    const summary = summarize(this.checker.check(folder, { ...(request.today && { today: request.today }) }));
    if (!this.saved && !request.limited) await this.keep();
    return summary;
  }

  apply(changes: Changes): Promise<void> {
    for (const [file, content] of changes) this.overlay.set(file, content);
    this.base = withFiles(this.deployed, this.overlay);
    this.saved = false;
    return Promise.resolve();
  }

  read(texts: readonly Text[]): Promise<TextFacts[]> {
    return Promise.resolve(texts.map(([file, text]) => textFacts(file, text)));
  }

  /** Writes what the checker learnt to the cache file (through a temporary file, so a crash never leaves half of one). */
  private async keep(): Promise<void> {
    this.saved = true;
    if (!this.cache) return;
    try {
      mkdirSync(path.dirname(this.cache.file), { recursive: true, mode: 0o700 });
      const temporary = `${this.cache.file}.tmp`;
      await writeFile(temporary, JSON.stringify({ version: this.cache.version, learnt: this.checker.learnt() }), { mode: 0o600 });
      await rename(temporary, this.cache.file);
    } catch {
      // A cache that cannot be written costs time at the next start, nothing else.
    }
  }

  renew(): Promise<void> {
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    await this.keep();
  }
}

type Message = {
  id: number;
  type: 'reset' | 'check' | 'apply' | 'read' | 'stop';
  changes: [string, string | Uint8Array | null][];
  texts?: readonly Text[];
  today?: string;
};
type Answer = { id: number; summary?: CheckedSummary; facts?: TextFacts[]; error?: string };

/** The worker's answer, or the error it met, thrown here. */
function answered(answer: Answer): Answer {
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer;
}

/** A picture's bytes never matter to the check, only that it exists: it crosses as an empty file. */
const forWorker = (changes: Changes): Message['changes'] =>
  [...changes].map(([file, content]) => [file, typeof content === 'string' || content === null ? content : new Uint8Array(0)]);

/**
 * The check in a worker thread, so no draft (a huge file, a pattern that takes long) can hold
 * the thread that answers visitors. Requests go one at a time; an editor's check that runs
 * past `limitMs` stops the worker, which starts again from the same base.
 */
export class WorkerChecks implements ContentChecks {
  private worker!: Worker;
  private overlay = new Map<string, string | Buffer | null>();
  private queue: Promise<unknown> = Promise.resolve();
  private next = 0;
  private waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly options: {
      script: string;
      pagesDir: string;
      cacheFile?: string;
      limitMs: number;
      log: (fields: Record<string, unknown>) => void;
    },
  ) {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(this.options.script, {
      workerData: { pagesDir: this.options.pagesDir, cacheFile: this.options.cacheFile },
    });
    this.worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      waiting?.resolve(answer);
    });
    this.worker.on('error', (error) => {
      this.options.log({ level: 'error', msg: 'the content check stopped', error: error.message });
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    });
  }

  /** Sends one request once those before it are answered; an editor's is stopped past the limit. */
  private send(type: Message['type'], changes: Changes, request: CheckRequest = {}, texts?: readonly Text[]): Promise<Answer> {
    const run = async () => {
      const id = (this.next += 1);
      const answered = new Promise<Answer>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
      const message: Message = {
        id,
        type,
        changes: forWorker(changes),
        ...(texts && { texts }),
        ...(request.today && { today: request.today.toISOString() }),
      };
      this.worker.postMessage(message);
      if (!request.limited) return answered;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckTookTooLong()), this.options.limitMs);
      });
      try {
        return await Promise.race([answered, late]);
      } catch (error) {
        if (error instanceof CheckTookTooLong) await this.restart();
        throw error;
      } finally {
        clearTimeout(timer);
        this.waiting.delete(id);
      }
    };
    const answer = this.queue.then(run, run);
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  /** A new worker from the same base: the old one is stopped wherever it was. */
  private async restart(): Promise<void> {
    this.options.log({ level: 'warn', msg: 'a content check ran past its time limit; the check was started again' });
    await this.startAgain();
  }

  private async startAgain(): Promise<void> {
    await this.worker.terminate();
    this.waiting.clear();
    this.start();
    const id = (this.next += 1);
    const answered = new Promise<Answer>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.worker.postMessage({ id, type: 'reset', changes: forWorker(this.overlay) } satisfies Message);
    await answered;
  }

  async reset(overlay: Changes): Promise<void> {
    this.overlay = new Map(overlay);
    answered(await this.send('reset', overlay));
  }

  async check(changes: Changes, request: CheckRequest = {}): Promise<CheckedSummary> {
    return answered(await this.send('check', changes, request)).summary!;
  }

  async apply(changes: Changes): Promise<void> {
    for (const [file, content] of changes) this.overlay.set(file, content);
    answered(await this.send('apply', changes));
  }

  async read(texts: readonly Text[]): Promise<TextFacts[]> {
    return answered(await this.send('read', new Map(), {}, texts)).facts!;
  }

  /** Started again once the requests before are answered, so none is cut short. */
  async renew(): Promise<void> {
    const renewed = this.queue.then(() => this.startAgain());
    this.queue = renewed.catch(() => undefined);
    await renewed;
  }

  /**
   * Keeps what the check learnt and ends its thread; a check still running (the whole site's,
   * at the start) is stopped where it is, so a server stopping soon after its start does not
   * wait for it.
   */
  async stop(): Promise<void> {
    if (this.waiting.size === 0) await this.send('stop', new Map());
    await this.worker.terminate();
  }
}

/** The worker's side: a LocalChecks over PAGES_DIR, answering the main thread's messages. */
export function serveChecks(
  port: { on(event: 'message', listener: (message: Message) => void): void; postMessage(answer: Answer): void },
  data: { pagesDir: string; cacheFile?: string },
  version: string,
): void {
  const checks = new LocalChecks(diskFolder(data.pagesDir), data.cacheFile ? { file: data.cacheFile, version } : undefined);
  port.on('message', (message) => {
    const changes = new Map(
      message.changes.map(([file, content]) => [file, content instanceof Uint8Array ? Buffer.from(content) : content]),
    );
    const work = async (): Promise<Omit<Answer, 'id'>> => {
      if (message.type === 'reset') await checks.reset(changes);
      else if (message.type === 'apply') await checks.apply(changes);
      else if (message.type === 'stop') await checks.stop();
      else if (message.type === 'read') return { facts: await checks.read(message.texts ?? []) };
      else return { summary: await checks.check(changes, message.today ? { today: new Date(message.today) } : {}) };
      return {};
    };
    work().then(
      (answer) => port.postMessage({ id: message.id, ...answer }),
      (error: Error) => port.postMessage({ id: message.id, error: error.message }),
    );
  });
}
