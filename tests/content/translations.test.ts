import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { formatProblem } from '../../src/content/formatProblems';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the real pages-data/, changed by `edit`, and the check's problems on it as the CLI prints them. */
function checkCopy(edit: (pagesDir: string) => void = () => {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'translations-'));
  temporary.push(dir);
  const pagesDir = path.join(dir, 'pages-data');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  edit(pagesDir);
  const content = checkContent(diskFolder(pagesDir, 'pages-data'));
  const lines = content.problems
    .filter((problem) => !problem.message.includes('sample value'))
    .map((problem) => formatProblem(problem, 'pages-data'));
  return {
    content,
    dir,
    pagesDir,
    errors: lines.filter((line) => !line.includes('warning:')),
    warnings: lines.filter((line) => line.includes('warning:')),
  };
}

function editYaml(file: string, change: (doc: ReturnType<typeof parseDocument>) => void) {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  change(doc);
  writeFileSync(file, doc.toString());
}

describe('translations in the content check', () => {
  test('the real site has every page in Marathi and Hindi, none stale or differently shaped', () => {
    const { content, errors, warnings } = checkCopy();
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(content.languages.map((language) => language.code)).toEqual(['mr', 'hi']);
    for (const language of content.languages) {
      expect(language.pages.map((page) => page.route)).toEqual(
        content.pages.map((page) => `/${language.code}${page.route === '/' ? '' : page.route}`).sort(),
      );
      expect(language.untranslated).toEqual([]);
    }
  });

  test('a Marathi page removed fails the check, naming that page', async () => {
    const { errors, dir } = checkCopy((pagesDir) => rmSync(path.join(pagesDir, 'mr/homeloan.yaml')));
    expect(errors).toEqual([
      'pages-data/mr/homeloan.yaml:1:1  (file)  is missing: homeloan.yaml has no मराठी (mr) translation; translate it or list /homeloan under untranslated: mr: in _site.yaml',
    ]);
    // The command an author runs fails the same way.
    const failed = await run(TSX, [path.join(ROOT, 'src/content/check.ts')], { cwd: dir }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('pages-data/mr/homeloan.yaml:1:1');
  }, 30_000);

  test('a page listed as untranslated passes with a warning and is served in English at its address', () => {
    const { content, errors, warnings } = checkCopy((pagesDir) => {
      rmSync(path.join(pagesDir, 'mr/homeloan.yaml'));
      writeFileSync(
        path.join(pagesDir, '_site.yaml'),
        `${readFileSync(path.join(pagesDir, '_site.yaml'), 'utf8')}\nuntranslated:\n  mr: [/homeloan]\n`,
      );
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      'pages-data/mr/homeloan.yaml:1:1  (file)  warning: is not translated yet: /mr/homeloan shows the English page with a note in मराठी',
    ]);
    expect(content.languages[0]!.untranslated).toEqual(['/homeloan']);
  });

  test('a changed English page makes both its translations stale, and stamping one clears its warning', async () => {
    const { warnings, pagesDir, dir } = checkCopy((pages) =>
      editYaml(path.join(pages, 'homeloan.yaml'), (doc) => doc.setIn(['blocks', 0, 'title'], 'Home Loans for Every Family')),
    );
    expect(warnings).toEqual([
      expect.stringMatching(
        /^pages-data\/hi\/homeloan\.yaml:2:9 {2}source {2}warning: is stale: homeloan\.yaml has changed since this translation was made/,
      ),
      expect.stringMatching(
        /^pages-data\/mr\/homeloan\.yaml:2:9 {2}source {2}warning: is stale: homeloan\.yaml has changed since this translation was made/,
      ),
    ]);
    await run(TSX, [path.join(ROOT, 'src/content/stampTranslation.ts'), 'mr/homeloan.yaml'], { cwd: dir });
    const after = checkContent(diskFolder(pagesDir, 'pages-data')).problems.filter((problem) => problem.message.startsWith('is stale'));
    expect(after.map((problem) => problem.file)).toEqual(['hi/homeloan.yaml']);
  }, 30_000);

  test('a page translation out of step with its English warns at the exact place and shows the English page; a site file’s link changed fails', () => {
    const english = parseDocument(readFileSync(path.join(ROOT, 'pages-data/homeloan.yaml'), 'utf8')).toJS() as {
      blocks: { type: string; items?: unknown[]; link?: unknown }[];
    };
    const faq = english.blocks.findIndex((block) => block.type === 'faq');
    const count = english.blocks[faq]!.items!.length;
    const { errors, warnings, content } = checkCopy((pagesDir) =>
      editYaml(path.join(pagesDir, 'mr/homeloan.yaml'), (doc) => {
        doc.deleteIn(['blocks', faq, 'items', 0]);
      }),
    );
    expect(errors).toEqual([]);
    expect(warnings).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^pages-data/mr/homeloan\\.yaml:\\d+:\\d+  blocks\\[${faq}\\]\\.items  warning: has ${count - 1} items; the English file has ${count}.*until it is brought into step, /mr/homeloan shows the English page`,
        ),
      ),
    );
    const marathi = content.languages.find((language) => language.code === 'mr')!;
    expect(marathi.untranslated).toContain('/homeloan');
    expect(marathi.pages.map((page) => page.route)).not.toContain('/mr/homeloan');
    const moved = checkCopy((pagesDir) =>
      editYaml(path.join(pagesDir, 'mr/_site.yaml'), (doc) => doc.setIn(['footer', 'links', 1, 'to'], '/career')),
    );
    expect(moved.errors).toEqual([
      expect.stringMatching(/^pages-data\/mr\/_site\.yaml:\d+:\d+ {2}footer\.links\[1\]\.to {2}must be "\/about", as in the English file/),
    ]);
  });

  test('an interface text left out of a translation is an error at its section', () => {
    const { errors } = checkCopy((pagesDir) => editYaml(path.join(pagesDir, 'hi/_ui.yaml'), (doc) => doc.deleteIn(['shell', 'skipLink'])));
    expect(errors).toEqual([expect.stringMatching(/^pages-data\/hi\/_ui\.yaml:\d+:\d+ {2}shell {2}.*skipLink/)]);
  });
});

describe("a block's words, owned by its folder and overridden in _ui.yaml", () => {
  const faqHeading = { en: 'Common questions', mr: 'नेहमीचे प्रश्न', hi: 'आम प्रश्न' };
  const override = (pagesDir: string, language: keyof typeof faqHeading) =>
    editYaml(path.join(pagesDir, language === 'en' ? '_ui.yaml' : `${language}/_ui.yaml`), (doc) =>
      doc.setIn(['blocks', 'faqHeading'], faqHeading[language]),
    );
  const wordsOf = (content: ReturnType<typeof checkCopy>['content'], language: string) =>
    language === 'en' ? content.ui! : content.languages.find((found) => found.code === language)!.ui!;

  test('without an override, each language has the words of the block folder', () => {
    const { content } = checkCopy();
    const faq = parseDocument(readFileSync(path.join(ROOT, 'src/blocks/FaqBlock/faq.words.yaml'), 'utf8')).toJS() as {
      blocks: { faqHeading: Record<string, string> };
    };
    for (const language of ['en', 'mr', 'hi']) expect(wordsOf(content, language).blocks.faqHeading).toBe(faq.blocks.faqHeading[language]);
  });

  test("a key given in every language's _ui.yaml takes the place of the block's words in each", () => {
    const { content, errors } = checkCopy((pagesDir) => {
      for (const language of ['en', 'mr', 'hi'] as const) override(pagesDir, language);
    });
    expect(errors).toEqual([]);
    for (const language of ['en', 'mr', 'hi'] as const) expect(wordsOf(content, language).blocks.faqHeading).toBe(faqHeading[language]);
    // The other words of the section are still the blocks' own.
    expect(content.ui!.blocks.applyLabel).toBe('Apply Now');
  });

  test('an override in English alone is an error at each translation, which must give its own words for it', () => {
    const { errors } = checkCopy((pagesDir) => override(pagesDir, 'en'));
    expect(errors).toEqual([
      expect.stringMatching(/^pages-data\/hi\/_ui\.yaml:\d+:\d+ {2}blocks {2}lacks blocks, which the English file has here$/),
      expect.stringMatching(/^pages-data\/mr\/_ui\.yaml:\d+:\d+ {2}blocks {2}lacks blocks, which the English file has here$/),
    ]);
  });

  test('a key no block has is an error naming it', () => {
    const { errors } = checkCopy((pagesDir) =>
      editYaml(path.join(pagesDir, '_ui.yaml'), (doc) => doc.setIn(['blocks', 'faqTitle'], 'FAQ')),
    );
    expect(errors).toEqual([
      expect.stringMatching(/^pages-data\/_ui\.yaml:\d+:\d+ {2}blocks\.faqTitle {2}is not a key this section knows/),
    ]);
  });
});
