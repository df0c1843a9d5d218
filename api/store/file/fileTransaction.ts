import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fingerprintOf, writeDurably } from './durableWrites';

/**
 * An action's writes on the file store, all or none. While an action runs (FileStore.transaction),
 * each file its parts change is kept aside instead of written; at its end they are written to one
 * journal (one durable write: the action is then done), then each to its own file, then the
 * journal is removed. A crash before the journal is on the disk leaves none of the action; a
 * crash after it leaves the journal, which the store writes out when it next opens (each file
 * that still holds what it held before the action; one written since holds the action already).
 * An action that fails part-way writes nothing, and puts back in memory what its parts had
 * changed there.
 *
 * One action runs at a time; a write from outside it of a file it holds waits for its end, so
 * nothing of an action reaches the disk before the action is done.
 */
export const JOURNAL = '.transaction.json';

interface Journal {
  /** Each file's text after the action, and the fingerprint of what it held before (null: no file). */
  files: { file: string; text: string; before: string | null }[];
}

/** A file's writer, as an action holds it. */
export interface Held {
  /** Resolves once the writer has no write running or waiting. */
  settled: () => Promise<void>;
  /** The fingerprint of what the file holds on the disk (null: no file). */
  onDisk: () => string | null;
  /** The file's text as it is now in memory. */
  text: () => string;
  /** Writes the file as it is now in memory, outside any action. */
  write: () => Promise<void>;
}

class FileTransaction {
  readonly held = new Map<string, Held & { before: string | null }>();
  readonly undos: (() => void)[] = [];
  readonly afterUndo: (() => void)[] = [];
}

const running = new AsyncLocalStorage<FileTransaction>();
/** The action whose files are held now, for writes from outside it to wait for. */
let open: { transaction: FileTransaction; done: Promise<void> } | undefined;
let queue: Promise<void> = Promise.resolve();

/**
 * Called by a file's writer: keeps the file aside when an action is running here (true), waits
 * for an action that holds the file when called from outside it, else does nothing (false).
 */
export async function holdWrite(file: string, held: Held): Promise<boolean> {
  const transaction = running.getStore();
  if (transaction) {
    if (!transaction.held.has(file)) {
      // A write begun before the action ends first, so what the file held before the action is known.
      await held.settled();
      transaction.held.set(file, { ...held, before: held.onDisk() });
    }
    return true;
  }
  while (open?.transaction.held.has(file)) await open.done;
  return false;
}

/** What puts a change back in memory should the action fail (records as they were); run last first. */
export function onUndo(undo: () => void) {
  running.getStore()?.undos.push(undo);
}

/** What makes a part's indexes agree with its records again once an action has been undone. */
export function onRolledBack(refresh: () => void) {
  running.getStore()?.afterUndo.push(refresh);
}

/** Runs `work` as one action of the file store in `dataDir` (see above); one at a time. */
export function inFileTransaction<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  if (running.getStore()) return work();
  const result = queue.then(() => run(dataDir, work));
  queue = result.then(noop, noop);
  return result;
}

async function run<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const transaction = new FileTransaction();
  let finished!: () => void;
  open = { transaction, done: new Promise((resolve) => (finished = resolve)) };
  try {
    let result: T;
    try {
      result = await running.run(transaction, work);
      if (transaction.held.size > 0) {
        const files = [...transaction.held].map(([file, held]) => ({ file, text: held.text(), before: held.before }));
        await writeDurably(path.join(dataDir, JOURNAL), JSON.stringify({ files } satisfies Journal));
      }
    } catch (error) {
      for (const undo of transaction.undos.reverse()) undo();
      for (const refresh of transaction.afterUndo) refresh();
      throw error;
    }
    // The action is done: each file is written with what it holds now (this action's change at least).
    open = undefined;
    finished();
    if (transaction.held.size > 0) {
      await Promise.all([...transaction.held.values()].map((held) => held.write()));
      rmSync(path.join(dataDir, JOURNAL), { force: true });
    }
    return result;
  } finally {
    if (open?.transaction === transaction) open = undefined;
    finished();
  }
}

/** Writes out the journal of an action a crash interrupted, before the store reads its files. */
export async function finishJournal(dataDir: string): Promise<void> {
  const file = path.join(dataDir, JOURNAL);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const journal = JSON.parse(text) as Journal;
  for (const { file: target, text: content, before } of journal.files) {
    let now: string | null = null;
    try {
      now = fingerprintOf(readFileSync(target, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (now === before) await writeDurably(target, content);
  }
  rmSync(file, { force: true });
}

function noop() {}
