import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { diskFolder, memoryFolder, type ContentFolder } from '../../src/content/contentFolder';
import { LocalChecks, type ContentChecks } from '../../api/site/contentChecks';
import { ContentPublisher } from '../../api/site/contentPublisher';
import type { RenderOptions } from '../../api/site/renderedSite';
import type { PageRenderer, SiteData } from '../../src/shared/siteData';
import { useFreshStore } from './freshStore';
import { manualClock } from './manualClock';
import { englishOf, stampTranslation } from '../../src/content/translationStamp';
import { removeDir, tempDataDir } from './server';

// A small site in three languages for the api/site modules' unit tests: the firm and desk of
// tests/content/base (the content check's own small valid site), three pages and a 404 page of
// its own, each in English, Marathi and Hindi, every translation stamped. The words, forms,
// privacy notice and house style are pages-data's, as tests/content takes them: long files a
// test never changes. Small enough that a test checks it whole in a moment.

const base = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../content/base', file), 'utf8');
const live = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../../pages-data', file), 'utf8');

const LANGUAGES = ['mr', 'hi'] as const;

const PAGE_DESCRIPTION = 'A page of the small site the api/site unit tests check, draw and publish in three languages.';

/** A page: its banner with `lead`, and with `link`, a card that links there. */
export function pageText(title: string, { lead = `About ${title}.`, link }: { lead?: string; link?: string } = {}): string {
  return [
    'title: ' + title,
    'description: ' + PAGE_DESCRIPTION,
    'updated: 2026-11-01',
    'blocks:',
    '  - type: banner',
    `    title: ${title}`,
    `    lead: ${lead}`,
    ...(link
      ? [
          '  - type: cards',
          '    items:',
          '      - title: Next',
          '        description: Where to read on.',
          `        link: { to: ${link}, label: Read on }`,
        ]
      : []),
    '',
  ].join('\n');
}

const TAGLINE = 'Loans and subsidies for small firms.';
const siteFile = base('_site.yaml')
  .replace(/^name: .*$/m, `$&\ntagline: ${TAGLINE}`)
  .replace(
    /^languages:[\s\S]*$/m,
    ['languages:', '  - code: en', '    name: English', '  - code: mr', '    name: मराठी', '  - code: hi', '    name: हिन्दी', ''].join(
      '\n',
    ),
  );

const translatedSite = ({ tagline, role, home, about, contact }: Record<'tagline' | 'role' | 'home' | 'about' | 'contact', string>) =>
  [
    `tagline: ${tagline}`,
    `privacyContactRole: ${role}`,
    'nav:',
    `  - label: ${home}`,
    '    to: /',
    `  - label: ${about}`,
    '    to: /about',
    `  - label: ${contact}`,
    '    to: /contactus',
    'footer:',
    '  links:',
    `    - label: ${home}`,
    '      to: /',
    '',
  ].join('\n');

/** The English files, then each language's, unstamped. */
function unstamped(): Map<string, string> {
  const files = new Map<string, string>([
    ['_site.yaml', siteFile],
    ['_desk.yaml', base('_desk.yaml')],
    ['_privacy.yaml', live('_privacy.yaml')],
    ['_ui.yaml', live('_ui.yaml')],
    ['_housestyle.yaml', live('_housestyle.yaml')],
    ['_404.yaml', pageText('Page Not Found', { link: '/' })],
    ['index.yaml', pageText('Home', { link: '/about' })],
    ['about.yaml', pageText('About Us', { link: '/contactus' })],
    ['contactus.yaml', pageText('Contact Us')],
  ]);
  const words = {
    mr: {
      tagline: 'लघु उद्योगांसाठी कर्ज आणि अनुदान.',
      role: 'डेटा संरक्षण संपर्क',
      home: 'मुख्यपृष्ठ',
      about: 'आमच्याबद्दल',
      contact: 'संपर्क',
      page: 'पान',
    },
    hi: {
      tagline: 'छोटे उद्योगों के लिए ऋण और अनुदान.',
      role: 'डेटा संरक्षण संपर्क',
      home: 'मुखपृष्ठ',
      about: 'हमारे बारे में',
      contact: 'संपर्क',
      page: 'पन्ना',
    },
  };
  for (const code of LANGUAGES) {
    const { page, ...site } = words[code];
    files.set(`${code}/_site.yaml`, translatedSite(site));
    for (const file of ['_privacy.yaml', '_ui.yaml', '_forms.yaml']) files.set(`${code}/${file}`, live(`${code}/${file}`));
    for (const file of ['_404.yaml', 'index.yaml', 'about.yaml', 'contactus.yaml'])
      files.set(`${code}/${file}`, files.get(file)!.replace(/^title: (.*)$/m, `title: $1 (${page})`));
  }
  return files;
}

/** The small site's files, with `changes` over them (null removes a file), every translation stamped against its English file. */
export function smallContent(changes: Record<string, string | null> = {}): Map<string, string> {
  const files = unstamped();
  for (const [file, text] of Object.entries(changes)) {
    if (text === null) files.delete(file);
    else files.set(file, text);
  }
  const folder = memoryFolder(files);
  for (const [file, text] of files) {
    const english = englishOf(file, folder);
    if (english) files.set(file, stampTranslation(text, folder, english));
  }
  return files;
}

/** The small site in memory, with `changes` over it. */
export const smallFolder = (changes: Record<string, string | null> = {}): ContentFolder => memoryFolder(smallContent(changes));

/** The site file with pages listed as not yet translated into Marathi and Hindi. */
export const untranslatedSite = (...routes: string[]) =>
  `${siteFile}untranslated:\n  mr: [${routes.join(', ')}]\n  hi: [${routes.join(', ')}]\n`;

/** Writes `files` into `dir`. */
export function writeContent(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

/** For a test file: `pagesDir()` writes the small site (with `changes` over it) into a new folder, removed after each test. */
export function useSmallPagesDir() {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) removeDir(dir);
  });
  return function pagesDir(changes: Record<string, string | null> = {}): string {
    const dir = tempDataDir('small-site-');
    made.push(dir);
    writeContent(dir, smallContent(changes));
    return dir;
  };
}

/**
 * For a test file: `publisher()` starts a ContentPublisher over a fresh store and the small
 * site (with `deploy` over it) as the deploy, its clock manual and its log kept, and waits for
 * its check of the whole site at the start; stopped after each test. The small site as it is
 * is written once per file, with one checker that keeps what it learnt of it across the tests.
 */
export function useSmallPublisher() {
  const pagesDir = useSmallPagesDir();
  const freshStore = useFreshStore();
  const started: ContentPublisher[] = [];
  let plain: { dir: string; checks: LocalChecks } | undefined;
  afterEach(() => {
    for (const publisher of started.splice(0)) publisher.stop();
  });
  afterAll(() => plain && removeDir(plain.dir));
  return async function publisher({
    deploy,
    pollMs = 0,
    before = () => Promise.resolve(),
    checks,
    render,
  }: {
    /** Changes to the small site as deployed (translations stamped after them). */
    deploy?: Record<string, string | null>;
    pollMs?: number;
    /** What the store holds before the publisher starts (another instance's publishes). */
    before?: (store: Awaited<ReturnType<typeof freshStore>>) => Promise<unknown>;
    /** The check, over the deploy; a LocalChecks by default. */
    checks?: (deployed: ContentFolder) => ContentChecks;
    render?: RenderOptions;
  } = {}) {
    const stored = await freshStore();
    await before(stored);
    let dir: string;
    if (deploy) dir = pagesDir(deploy);
    else {
      if (!plain) {
        const made = tempDataDir('small-site-');
        writeContent(made, smallContent());
        plain = { dir: made, checks: new LocalChecks(diskFolder(made)) };
      }
      dir = plain.dir;
    }
    const clock = manualClock();
    const logged: Record<string, unknown>[] = [];
    const publisher = await ContentPublisher.start({
      store: stored.store,
      checks: checks ? checks(diskFolder(dir)) : dir === plain?.dir ? plain.checks : new LocalChecks(diskFolder(dir)),
      pagesDir: dir,
      clock,
      pollMs,
      log: (fields) => logged.push(fields),
      ...(render && { render }),
    });
    started.push(publisher);
    await publisher.started;
    return { ...stored, publisher, clock, logged, pagesDir: dir };
  };
}

/** The menu as a frame draws it at `url`: the link to the address shown is marked current, as NavLink does. */
const menu = ({ words, lang, languages }: SiteData, url: string) =>
  words.nav
    .flatMap((item) => ('to' in item ? [item] : []))
    .map(({ label, to }) => {
      const local = lang === languages[0]!.code ? to : `/${lang}${to === '/' ? '' : to}`;
      return `<a href="${local}"${local === url ? ' aria-current="page"' : ''}>${label}</a>`;
    })
    .join('');

/**
 * A renderer that draws like the app's: the frame (tagline, menu, firm) around the language links
 * and the page, the page whole being that frame with its parts in place. `hold` keeps every page
 * drawing waiting until it is let go, to see what is served meanwhile.
 */
function fakeRenderer() {
  let held: Promise<void> | undefined;
  let letGo = () => {};
  const frame = (siteData: SiteData, url: string, links: string, page: string) =>
    `<header>${siteData.words.tagline}<nav>${menu(siteData, url)}</nav></header>${links}<main>${page}</main><footer>${siteData.site.name}</footer>`;
  const renderer: PageRenderer = {
    languageLinks: ({ url, siteData }) => `<p>${siteData.lang} version of ${url}</p>`,
    shell: ({ url, siteData, marks }) => frame(siteData, url, marks.languageLinks, marks.page),
    async page({ url, siteData, payload }) {
      await held;
      return frame(
        siteData,
        url,
        renderer.languageLinks({ url, siteData }),
        `<h1>${payload.page.title}</h1><p>by ${siteData.site.name}</p>`,
      );
    },
  };
  return {
    renderer,
    hold() {
      held = new Promise((resolve) => (letGo = resolve));
    },
    letGo: () => letGo(),
  };
}

/** How the server draws the small site in a unit test: the fake renderer, the site's own index.html, no build. */
export function smallRenderer(): { drawing: ReturnType<typeof fakeRenderer>; options: RenderOptions } {
  const drawing = fakeRenderer();
  const template = { html: readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8') };
  return { drawing, options: { renderer: drawing.renderer, template, siteUrl: 'http://site.test' } };
}
