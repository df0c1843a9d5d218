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

/** Starts a process that tries to take the lock and prints "won" (then holds it for a while) or "lost". */
function contender(dataDir: string): Promise<string> {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)});
    try { acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('won'); await new Promise((r) => setTimeout(r, 1500)); }
    catch (error) { console.log(/already using/.test(error.message) ? 'lost' : 'error: ' + error.message); }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', script]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', () => resolve(out.trim()));
  });
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
    const results = await Promise.all(Array.from({ length: 6 }, () => contender(dir)));
    expect(
      results.filter((result) => result === 'won'),
      results.join(', '),
    ).toHaveLength(1);
    expect(results.filter((result) => result === 'lost')).toHaveLength(5);
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
