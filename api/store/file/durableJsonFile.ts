import { readFile } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { fingerprintOf, nodeFs, writeDurably, type DurableFs } from './durableWrites';
import { holdWrite } from './fileTransaction';

/**
 * A lowdb adapter for one JSON file, written durably. Writes never overlap: a write asked
 * for while another runs waits for it, and all such waiters share one following write that
 * carries the newest data, so a burst of changes costs two flushes, not one per change.
 * Within an action of the file store the write is held until the action ends (fileTransaction.ts).
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private running: Promise<void> | undefined;
  private waiting: Promise<void> | undefined;
  private latest: T | undefined;
  /** The fingerprint of what the file holds on the disk, as last read or written; null when it has none. */
  private onDisk: string | null = null;

  constructor(
    readonly file: string,
    private readonly fs: DurableFs = nodeFs,
  ) {}

  async read(): Promise<T | null> {
    try {
      const text = await readFile(this.file, 'utf8');
      this.onDisk = fingerprintOf(text);
      return JSON.parse(text) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(data: T): Promise<void> {
    this.latest = data;
    const held = await holdWrite(this.file, {
      settled: () => this.settled(),
      onDisk: () => this.onDisk,
      text: () => JSON.stringify(this.latest),
      write: () => this.write(this.latest as T),
    });
    if (held) return;
    if (this.waiting) return this.waiting;
    if (!this.running) return this.start();
    const next = this.running.then(noop, noop).then(() => {
      this.waiting = undefined;
      return this.start();
    });
    this.waiting = next;
    return next;
  }

  /** Resolves once no write of this file runs or waits. */
  private async settled(): Promise<void> {
    while (this.running || this.waiting) await (this.waiting ?? this.running)!.then(noop, noop);
  }

  /** Serialises the data as it is now, when the write begins, so it includes every change made so far. */
  private start(): Promise<void> {
    const text = JSON.stringify(this.latest);
    const run: Promise<void> = writeDurably(this.file, text, this.fs)
      .then(() => {
        this.onDisk = fingerprintOf(text);
      })
      .finally(() => {
        if (this.running === run) this.running = undefined;
      });
    this.running = run;
    return run;
  }
}

function noop() {}
