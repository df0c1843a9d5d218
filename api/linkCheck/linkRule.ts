import type { LinkState } from '../../src/shared/linkCheck';
import type { Fetched } from './fetchLinks';

/** A failure is reported only once it has lasted this long: a government site down for an evening is not a broken link. */
export const BROKEN_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * An address's state after a run that began `at`: a failure keeps the moment its run of failures
 * began; an answer or a warning ends it.
 */
export function nextLinkState(previous: LinkState | undefined, url: string, files: string[], fetched: Fetched, at: string): LinkState {
  return {
    url,
    files,
    checkedAt: at,
    ...fetched,
    failingSince: fetched.outcome === 'failed' ? (previous?.failingSince ?? at) : null,
  };
}

/** Broken: it failed on this run and on every run since one at least a day earlier. */
export const isBroken = (state: LinkState): boolean =>
  state.outcome === 'failed' &&
  state.failingSince !== null &&
  Date.parse(state.checkedAt) - Date.parse(state.failingSince) >= BROKEN_AFTER_MS;
