import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder } from '../../src/content/contentFolder';
import { formatProblem } from '../../src/content/formatProblems';
import type { Glossary } from '../../src/content/glossary.generated';

const ROOT = path.resolve(import.meta.dirname, '../..');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The check's glossary warnings on a copy of the real pages-data/, after `edit`. */
function glossaryWarnings(edit: (pagesDir: string) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'glossary-'));
  temporary.push(dir);
  const pagesDir = path.join(dir, 'pages-data');
  cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
  edit(pagesDir);
  const content = checkContent(diskFolder(pagesDir, 'pages-data'));
  return content.problems
    .filter((problem) => problem.message.includes("is not the site's term"))
    .map((problem) => formatProblem(problem, 'pages-data'));
}

/** Where `fragment` starts in `text` (at or after `from`), as line:col counted from 1. */
function positionOf(text: string, fragment: string, from = 0): string {
  const before = text.slice(0, text.indexOf(fragment, from)).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const glossaryOf = (code: string) => parse(readFileSync(path.join(ROOT, 'pages-data', code, '_glossary.yaml'), 'utf8')) as Glossary;

describe('the glossary in the content check', () => {
  test('the real site uses none of the words its glossaries avoid', () => {
    expect(glossaryWarnings(() => {})).toEqual([]);
  });

  test('an avoided English word is a warning at its exact place, with the term to use and why', () => {
    let text = '';
    const warnings = glossaryWarnings((pagesDir) => {
      const file = path.join(pagesDir, 'mudra.yaml');
      const page = readFileSync(file, 'utf8').replace('updated:', '# Kishore stays out of comments\nupdated:');
      text = `${page.trimEnd()}\n  - type: text\n    heading: Kishore loans and Kishorelal\n    paragraphs: [Not AKishore]\n`;
      writeFileSync(file, text);
    });
    const term = parse(readFileSync(path.join(ROOT, 'pages-data/_glossary.yaml'), 'utf8')) as Glossary;
    const kishor = term.terms.find((entry) => entry.use === 'Kishor')!;
    const block = `blocks[${(parse(text) as { blocks: unknown[] }).blocks.length - 1}]`;
    expect(warnings).toEqual([
      `pages-data/mudra.yaml:${positionOf(text, 'Kishore loans')}  ${block}.heading  warning: “Kishore” is not the site's term; write “Kishor”: ${kishor.why}`,
      `pages-data/mudra.yaml:${positionOf(text, 'Kishorelal')}  ${block}.heading  warning: “Kishore” is not the site's term; write “Kishor”: ${kishor.why}`,
    ]);
  });

  test('a Marathi phrase is found across a folded line, and a Hindi word with an ending', () => {
    const marathi = glossaryOf('mr').terms.find((entry) => entry.use === 'वारंवार विचारले जाणारे प्रश्न')!;
    const texts: Record<string, string> = {};
    const warnings = glossaryWarnings((pagesDir) => {
      const edits: [string, string, string][] = [
        ['mr/index.yaml', 'heading', `heading: >-\n      ${marathi.avoid[0]!.replace(' ', '\n      ')}`],
        ['hi/index.yaml', 'heading', 'heading: छोटे कर्ज़दारों के लिए'],
      ];
      for (const [name, , replacement] of edits) {
        const file = path.join(pagesDir, name);
        const original = readFileSync(file, 'utf8');
        const faq = original.indexOf('  - type: faq\n    heading: ');
        const end = original.indexOf('\n', faq + 15);
        texts[name] = original.slice(0, faq) + `  - type: faq\n    ${replacement}` + original.slice(end);
        writeFileSync(file, texts[name]);
      }
    });
    const folded = `heading: >-\n      ${marathi.avoid[0]!.split(' ')[0]!}`;
    const marathiAt = positionOf(texts['mr/index.yaml']!.replace(folded, `heading: >-\n      \u0000`), '\u0000');
    const hindiAt = positionOf(texts['hi/index.yaml']!, 'कर्ज़दारों');
    expect(glossaryOf('hi').terms.some((entry) => entry.avoid.includes('कर्ज़दार'))).toBe(true);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(new RegExp(`^pages-data/hi/index.yaml:${hindiAt}  blocks\\[\\d+\\]\\.heading  warning: “कर्ज़दार”`));
    expect(warnings[1]).toMatch(
      new RegExp(
        `^pages-data/mr/index.yaml:${marathiAt}  blocks\\[\\d+\\]\\.heading  warning: “${marathi.avoid[0]}” is not the site's term`,
      ),
    );
  });

  test('the Marathi and Hindi review of 26 November 2026: each lapse it found is now a warning at its exact place', () => {
    // The review's own wording, each with the avoided word it holds.
    const lapses: Record<string, [string, string][]> = {
      'mr/index.yaml': [
        ['तुमच्या रोख प्रवाहावर ताण', 'रोख प्रवाह'],
        ['कर्जदात्याकडे अर्ज करा', 'कर्जदात'],
        ['हो. आम्ही मदत करतो', 'हो.'],
        ['उलाढाल ₹200 कोटी पेक्षा जास्त', 'कोटी पेक्षा'],
        ['EMI चुकवणे टाळा', 'EMI चुकव'],
        ['जास्त अनुदान आणि कमी स्वतःच्या हिश्श्यासाठी', 'कमी स्वतःच्या'],
        ['अनुदान कर्जात वळते केले जाते', 'कर्जात वळते'],
        ['खर्चासह स्पष्ट योजना देतो', 'स्पष्ट योजना'],
        ['वार्षिक अपडेट आणि रिटर्न्स', 'रिटर्न्स'],
      ],
      'hi/index.yaml': [
        ['अपना वर्ग चुनें', 'अपना वर्ग'],
        ['SEBI में रजिस्टर्ड वेंचर फ़ंड्स में', 'फ़ंड्स में'],
        ['यह नए क़ानून में कैसे लागू होता है', 'नए क़ानून में'],
        ['ट्रेड मार्क्स एक्ट, 1999 के तहत', 'एक्ट,'],
        ['एक फ़ाइनेंस कंसल्टेंट', 'कंसल्टेंट'],
        ['आपकी तरक्की न रोके', 'तरक्की'],
        ['दो हाल की फ़ोटो', 'दो हाल की'],
        ['फ़ैक्टरी प्लान की मंज़ूरी', 'फ़ैक्टरी प्लान'],
      ],
    };
    const texts: Record<string, string> = {};
    const warnings = glossaryWarnings((pagesDir) => {
      for (const [name, found] of Object.entries(lapses)) {
        const file = path.join(pagesDir, name);
        texts[name] =
          `${readFileSync(file, 'utf8').trimEnd()}\n  - type: text\n    paragraphs:\n${found.map(([text]) => `      - ${text}\n`).join('')}`;
        writeFileSync(file, texts[name]);
      }
    });
    const expected = Object.entries(lapses).flatMap(([name, found]) => {
      const text = texts[name]!;
      const block = `blocks[${(parse(text) as { blocks: unknown[] }).blocks.length - 1}]`;
      const start = text.lastIndexOf('  - type: text');
      const terms = glossaryOf(name.split('/')[0]!).terms;
      return found.map(([, avoided], index) => {
        const term = terms.find((entry) => entry.avoid.includes(avoided))!;
        return `pages-data/${name}:${positionOf(text, avoided, start)}  ${block}.paragraphs[${index}]  warning: “${avoided}” is not the site's term; write “${term.use}”: ${term.why}`;
      });
    });
    expect([...warnings].sort()).toEqual(expected.sort());
  });

  test('a glossary that breaks its schema is an error at its place', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'glossary-'));
    temporary.push(dir);
    const pagesDir = path.join(dir, 'pages-data');
    cpSync(path.join(ROOT, 'pages-data'), pagesDir, { recursive: true });
    writeFileSync(path.join(pagesDir, 'hi/_glossary.yaml'), 'terms:\n  - use: त्रुटि\n    avoid: ग़लती\n    why: एक शब्द\n');
    const errors = checkContent(diskFolder(pagesDir, 'pages-data'))
      .problems.filter((problem) => problem.severity === 'error')
      .map((problem) => formatProblem(problem, 'pages-data'));
    expect(errors).toEqual(['pages-data/hi/_glossary.yaml:3:12  terms[0].avoid  must be a list, not text']);
  });
});
