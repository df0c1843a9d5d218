import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A file holds one concern, whatever its length; this cap only catches one that has clearly grown past that.
const ROOT = join(import.meta.dirname, '../..');
const FOLDERS = ['src', 'api', 'tests', 'schemas'];

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function linesIn(path: string): number {
  return readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1;
}

const files = FOLDERS.flatMap(filesUnder);

describe('file sizes', () => {
  it('finds the source files it measures', () => {
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(20);
  });

  it('keeps every hand-written source file at 400 lines or fewer', () => {
    const code = files.filter((file) => /\.(ts|tsx|css|js|mjs)$/.test(file) && !file.endsWith('.generated.ts'));
    const long = code.filter((file) => linesIn(file) > 400).map((file) => `${file}: ${linesIn(file)} lines`);
    expect(long).toEqual([]);
  });

  it('keeps every schema file at 400 lines or fewer', () => {
    const schemas = files.filter((file) => file.endsWith('.schema.json'));
    expect(schemas.length).toBeGreaterThan(5);
    const long = schemas.filter((file) => linesIn(file) > 400).map((file) => `${file}: ${linesIn(file)} lines`);
    expect(long).toEqual([]);
  });
});
