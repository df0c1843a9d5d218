import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { acquireDataDirLock } from './dataDirLock';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tempDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'lock-')));
const LOCK_MODULE = path.join(import.meta.dirname, 'dataDirLock.ts');
const TSX = path.resolve(import.meta.dirname, '../../../node_modules/tsx/dist/esm/index.mjs');

/** A pid that no process has: a dead server's. */
function deadPid(): number {
  return 2 ** 22 + 12345;
}

/**
 * Starts a process that tries to take the lock and says "won" or "lost". The winner holds the lock
 * until `release` (the end of its stdin), so every other contender meets it held, however slowly
 * a busy machine starts them.
 */
function contender(dataDir: string): { result: Promise<string>; release: () => Promise<void> } {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)});
    try {
      acquireDataDirLock(${JSON.stringify(dataDir)});
      console.log('won');
      process.stdin.resume();
      await new Promise((r) => process.stdin.once('end', r));
    } catch (error) { console.log(/already using/.test(error.message) ? 'lost' : 'error: ' + error.message); }`;
  const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script]);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const result = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then(() => resolve(out.trim()));
  });
  return {
    result,
    release: () => {
      child.stdin.end();
      return exited;
    },
  };
}

test('one process holds the lock; a second is refused with the holder named', () => {
  tempDir();
  const lock = acquireDataDirLock(dir);
  expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
  lock.release();
  expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
});

test('a lock left by a process that no longer runs is taken over', () => {
  tempDir();
  writeFileSync(path.join(dir, 'server.lock'), String(deadPid()));
  const lock = acquireDataDirLock(dir);
  expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
  lock.release();
});

test('of several processes starting together on a folder with a stale lock, exactly one wins', async () => {
  for (let round = 0; round < 2; round++) {
    tempDir();
    writeFileSync(path.join(dir, 'server.lock'), String(deadPid()));
    const contenders = Array.from({ length: 6 }, () => contender(dir));
    const results = await Promise.all(contenders.map((one) => one.result));
    await Promise.all(contenders.map((one) => one.release()));
    expect(
      results.filter((result) => result === 'won'),
      results.join(', '),
    ).toHaveLength(1);
    expect(results.filter((result) => result === 'lost')).toHaveLength(5);
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
