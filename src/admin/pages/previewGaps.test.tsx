import path from 'node:path';
import { expect, test } from 'vitest';
import { blankSchemePage } from '../../content/blankPage';
import { checkContent } from '../../content/checkContent';
import { diskFolder, withFiles } from '../../content/contentFolder';
import { contentOutlines } from '../../content/schemaOutline';
import { readData } from './form/yamlEdits';
import { markGaps, withGaps } from './previewGaps';

const outlines = contentOutlines();
const PAGES = path.join(import.meta.dirname, '../../../pages-data');
/** The errors of each file's text, all checked in one run of the check over the live site. */
const errorsOf = (texts: Record<string, string>) => {
  const { problems } = checkContent(withFiles(diskFolder(PAGES, 'pages-data'), new Map(Object.entries(texts))));
  return (file: string) => problems.filter((problem) => problem.severity === 'error' && problem.file === file);
};

test('an empty scheme page, and one half written, are drawn with a gap in each place still to write: the check passes what the preview draws', () => {
  const blank = blankSchemePage(outlines, '2026-12-07');
  const gapped = withGaps(readData(blank), outlines)!;
  expect(gapped).toMatch(/^title: ⟦Page title⟧$/m);
  expect(gapped).toMatch(/^description: ⟦Description for search engines( ·)+⟧$/m);
  // What the person wrote stays as written; a title typed after its prompt is a gap again.
  const half = blank.replace('title: ""', 'title: "Write the page’s title Solar"').replace(/question: ""/, 'question: Who can apply?');
  const drawn = withGaps(readData(half), outlines)!;
  expect(drawn).toContain('question: Who can apply?');
  expect(drawn).toMatch(/^title: ⟦Page title/m);

  const errors = errorsOf({ 'solar-rooftop.yaml': blank, 'solar-gapped.yaml': gapped, 'solar-half.yaml': drawn });
  expect(errors('solar-rooftop.yaml').length).toBeGreaterThan(10);
  expect(errors('solar-gapped.yaml')).toEqual([]);
  expect(errors('solar-half.yaml')).toEqual([]);
  // One check of the whole site: some 20 s on a busy machine.
}, 90_000);

test('each gap is marked in the drawn document, never in its attributes, and it says it is still to write', () => {
  const html = markGaps('<html><head></head><body><h1>⟦Main heading · ·⟧</h1><img alt="⟦Alt text⟧"><p>Ours ⟦Answer⟧ too</p></body></html>');
  const document = new DOMParser().parseFromString(html, 'text/html');
  expect([...document.querySelectorAll('mark.preview-gap')].map((mark) => mark.textContent)).toEqual([
    'Main heading: still to write',
    'Answer: still to write',
  ]);
  expect(document.querySelector('p')?.textContent).toBe('Ours Answer: still to write too');
  expect(document.querySelector('img')?.getAttribute('alt')).toBe('⟦Alt text⟧');
});
