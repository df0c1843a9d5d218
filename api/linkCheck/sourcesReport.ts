import type { Content } from '../../src/content/checkContent';
import type { ContentFolder } from '../../src/content/contentFolder';
import { olderThanAYear } from '../../src/content/contentWarnings';
import { formatIsoDate } from '../../src/shared/formatDate';
import { indiaDate } from '../../src/shared/indiaTime';
import type { LinkState, ReportedLink, ReviewDuePage, SourcesReport } from '../../src/shared/linkCheck';
import type { ContentProblem } from '../../src/shared/pageEditor';
import type { Store } from '../store/Store';
import { addressesIn } from './addresses';
import { isBroken } from './linkRule';

/** An address the check reports, at every place the content names it now; none when every page that named it has dropped it since. */
export function reported(state: LinkState, since: string, folder: ContentFolder): ReportedLink[] {
  const places = state.files
    .filter((file) => folder.has(file))
    .flatMap((file) => addressesIn(file, folder.read(file)))
    .filter((found) => found.url === state.url)
    .map((found) => found.place);
  return places.length === 0 ? [] : [{ url: state.url, status: state.status, detail: state.detail, since, places }];
}

/** The oldest `checked` date of a page's sources, by the page file's digest: the pages are read once, then only what changed. */
const oldest = new Map<string, string | null>();

/** The English pages whose oldest source was checked more than 12 months before `today`, oldest first. */
export function reviewDue(content: Pick<Content, 'pages' | 'folder'>, today: Date): ReviewDuePage[] {
  const due: ReviewDuePage[] = [];
  for (const page of content.pages) {
    const digest = content.folder.digest(page.file);
    let date = oldest.get(digest);
    if (date === undefined) {
      date = (page.data.sources ?? []).map((source) => source.checked).sort()[0] ?? null;
      oldest.set(digest, date);
    }
    if (date !== null && olderThanAYear(date, today))
      due.push({ file: page.file, route: page.route, title: page.title, oldestChecked: date });
  }
  return due.sort((a, b) => a.oldestChecked.localeCompare(b.oldestChecked) || a.route.localeCompare(b.route));
}

/** What the admin screens and the weekly e-mail show: the links the last run found broken or warned about, where they are now, and the pages due for review. */
export async function sourcesReport(
  store: Store,
  content: Pick<Content, 'pages' | 'folder'>,
  now: number,
  everyMs: number | undefined,
): Promise<SourcesReport> {
  const { run, links } = await store.linkChecks.linkChecks();
  return {
    lastRun: run,
    everyHours: everyMs === undefined ? null : everyMs / 3_600_000,
    broken: links.filter(isBroken).flatMap((state) => reported(state, state.failingSince!, content.folder)),
    warnings: links.filter((state) => state.outcome === 'warning').flatMap((state) => reported(state, state.checkedAt, content.folder)),
    reviewDue: reviewDue(content, new Date(now)),
  };
}

const day = (iso: string) => formatIsoDate(indiaDate(iso));

/**
 * The broken links and warnings of the last run in a file's text as the page editor has it, at
 * their lines, as warnings beside the content check's: they never stop a publish (a government
 * site may come back), but say what to do.
 */
export function linkProblems(file: string, text: string, links: readonly LinkState[]): ContentProblem[] {
  const reportedHere = new Map(links.filter((state) => isBroken(state) || state.outcome === 'warning').map((state) => [state.url, state]));
  if (reportedHere.size === 0) return [];
  return addressesIn(file, text).flatMap(({ url, place }) => {
    const state = reportedHere.get(url);
    if (!state) return [];
    const message = isBroken(state)
      ? `links to ${url}, which has not answered since ${day(state.failingSince!)} (${state.detail} at every check since); find where the page has moved and link there, or take the link out`
      : `links to ${url}, whose security certificate could not be verified on ${day(state.checkedAt)} (${state.detail}); open it in a browser to see that it still works`;
    return [{ ...place, severity: 'warning' as const, message }];
  });
}
