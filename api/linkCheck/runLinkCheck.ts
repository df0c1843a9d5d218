import type { ContentFolder } from '../../src/content/contentFolder';
import type { LinkState } from '../../src/shared/linkCheck';
import { isoNow, type Clock } from '../clock';
import type { Store } from '../store/Store';
import { siteAddresses } from './addresses';
import { fetchLinks, type FetchPolicy } from './fetchLinks';
import { isBroken, nextLinkState } from './linkRule';

/** How long a run is one instance's before another may take it over (a run cut short by a crash). */
const LEASE_MS = 6 * 60 * 60 * 1000;

export interface LinkCheckSummary {
  checked: number;
  broken: number;
  /** Failed on this run, but not yet for a day. */
  failing: number;
  warnings: number;
  links: LinkState[];
}

/**
 * One run of the link check, when one is due (`everyMs` since the last began; 0 for now): claims
 * it in the store, so one instance runs it at a time, fetches every address the content names
 * once, works out each one's state from the last, and records them all. Undefined when no run was
 * due or another holds it. A run that fails gives its claim back.
 */
export async function runLinkCheck({
  store,
  folder,
  policy,
  everyMs,
  clock,
}: {
  store: Store;
  folder: ContentFolder;
  policy?: FetchPolicy;
  everyMs: number;
  clock: Clock;
}): Promise<LinkCheckSummary | undefined> {
  if (!(await store.linkChecks.claimLinkCheck(everyMs, LEASE_MS))) return undefined;
  try {
    const startedAt = isoNow(clock);
    const addresses = await siteAddresses(folder);
    const fetched = await fetchLinks([...addresses.keys()], policy);
    const previous = new Map((await store.linkChecks.linkChecks()).links.map((state) => [state.url, state]));
    const links = [...addresses].flatMap(([url, files]) => {
      const answer = fetched.get(url);
      return answer ? [nextLinkState(previous.get(url), url, files, answer, startedAt)] : [];
    });
    await store.linkChecks.recordLinkCheck({ startedAt, finishedAt: isoNow(clock), checked: links.length }, links);
    const broken = links.filter(isBroken).length;
    return {
      checked: links.length,
      broken,
      failing: links.filter((link) => link.outcome === 'failed').length - broken,
      warnings: links.filter((link) => link.outcome === 'warning').length,
      links,
    };
  } catch (error) {
    await store.linkChecks.releaseLinkCheck();
    throw error;
  }
}
