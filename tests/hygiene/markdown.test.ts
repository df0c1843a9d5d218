import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_LINE } from '../../src/build/markdownLines';

// The README is a map a newcomer reads in a few screens; what it leads to lives in docs/ and in
// the folders. Every Markdown file, the written ones (BENCHMARKS.md, BLOCKS.md) too, reads whole
// in an editor, and every link in one leads somewhere.
const ROOT = join(import.meta.dirname, '../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', 'backups']);

function markdownFiles(folder = ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [relative(ROOT, full)] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** The text outside fenced code, where a link means a link. */
function prose(text: string): string {
  return text.replace(/^\s*```[\s\S]*?^\s*```/gm, '');
}

const files = markdownFiles();

describe('Markdown files', () => {
  it('finds the README, the docs and the written files', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'BENCHMARKS.md', 'BLOCKS.md', 'docs/desk.md']));
  });

  it('keeps the README a map of a few screens', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThan(25_000);
  });

  it(`has no line longer than ${MAX_MARKDOWN_LINE} characters`, () => {
    const long = files.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (line.length > MAX_MARKDOWN_LINE ? [`${file}:${index + 1}: ${line.length} characters`] : [])),
    );
    expect(long).toEqual([]);
  });

  it('links only to files and headings that exist', () => {
    const broken = files.flatMap((file) =>
      [...prose(readFileSync(join(ROOT, file), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
        if (/^[a-z]+:/.test(target!)) return [];
        const [path, anchor] = target!.split('#');
        const linked = path ? relative(ROOT, join(ROOT, dirname(file), path)) : file;
        if (!existsSync(join(ROOT, linked))) return [`${file}: ${target} (no such file)`];
        if (anchor && linked.endsWith('.md') && !anchorsIn(linked).has(anchor)) return [`${file}: ${target} (no such heading)`];
        return [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
