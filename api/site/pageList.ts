import { classifyFile, LANGUAGE_DIR } from '../../src/content/contentFiles';
import { isSourceDue } from '../../src/content/contentWarnings';
import { localRoute } from '../../src/content/translations';
import type { PageListItem } from '../../src/shared/pageEditor';
import type { Store } from '../store/Store';
import type { ContentPublisher } from './contentPublisher';

/** What each site file holds, for the list (a page's title is its own). */
const SITE_FILES: Record<string, string> = {
  '_site.yaml': 'Firm details, menu and footer',
  '_ui.yaml': 'Words of the frame around every page',
  '_desk.yaml': 'Lead desk statuses and reasons',
  '_privacy.yaml': 'Privacy notice beside the forms',
  '_housestyle.yaml': 'House style rules',
  '_glossary.yaml': 'Glossary: one term for one thing',
  '_forms.yaml': 'Words of the forms',
  '_404.yaml': 'Page not found',
};

/** Where a content file is shown: a page at its address (in its language), a site file on the home page of its language. */
export function addressOf(file: string, source: string): { route: string | null; language: string } {
  const parts = file.split('/');
  const language = parts.length === 2 && LANGUAGE_DIR.test(parts[0]!) ? parts[0]! : source;
  const entry = classifyFile(parts.at(-1)!);
  if (entry.kind !== 'page') return { route: null, language };
  return { route: language === source ? entry.route : `/${language}${entry.route === '/' ? '' : entry.route}`, language };
}

/** Every content file of the live site and every new page still in draft, for the page editor's list. */
export async function pageList(publisher: ContentPublisher, store: Store): Promise<PageListItem[]> {
  const stored = await store.pages.pageStates();
  const states = new Map(stored.map((state) => [state.file, state]));
  const drafts = await publisher.draftFacts(stored);
  const checked = await publisher.latest();
  const source = checked.site?.languages[0]?.code ?? 'en';
  const titles = new Map(
    [...checked.pages, ...checked.languages.flatMap((language) => language.pages)].map((page) => [page.file, page.title]),
  );
  const stale = new Set(checked.problems.filter((problem) => problem.message.startsWith('is stale')).map((problem) => problem.file));
  const sourcesDue = new Set(checked.problems.filter((problem) => isSourceDue(problem.message)).map((problem) => problem.file));
  const files = new Set([
    ...publisher.current.files.filter((file) => file.endsWith('.yaml')),
    ...[...states.values()].flatMap((state) => (state.draft ? [state.file] : [])),
  ]);
  const listed = await Promise.all(
    [...files].sort().map(async (file) => {
      const { route, language } = addressOf(file, source);
      const name = file.split('/').at(-1)!;
      const state = states.get(file);
      const latest = [state?.draft, state?.published].filter((change) => change !== undefined).sort((a, b) => b.at.localeCompare(a.at))[0];
      return {
        file,
        route,
        language,
        title: titles.get(file) ?? SITE_FILES[name] ?? drafts.get(file)?.title ?? name,
        draft: state?.draft !== undefined,
        problems: state?.draft ? await publisher.draftErrors(file, state.draft) : 0,
        stale: stale.has(file),
        untranslated: false,
        deployChanged: publisher.deployChanged.has(file),
        sourcesDue: sourcesDue.has(file),
        updatedAt: latest?.at ?? null,
        updatedBy: latest?.by.username ?? null,
      };
    }),
  );
  // The translations still to be made: an English page listed as untranslated, with no file in the language's folder.
  const missing = checked.languages.flatMap((language) =>
    language.untranslated.flatMap((route) => {
      const english = checked.pages.find((page) => page.route === route);
      const file = english && `${language.code}/${english.file}`;
      if (!english || !file || files.has(file)) return [];
      return [
        {
          file,
          route: localRoute(language.code, route),
          language: language.code,
          title: english.title,
          draft: false,
          problems: 0,
          stale: false,
          untranslated: true,
          deployChanged: false,
          sourcesDue: false,
          updatedAt: null,
          updatedBy: null,
        },
      ];
    }),
  );
  return [...listed, ...missing].sort((a, b) => (a.file < b.file ? -1 : 1));
}
