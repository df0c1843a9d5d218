/**
 * The link check's words shared by the server and the admin screens: what one check of an address
 * found, what the store keeps of each address, and the report the Pages list, the page editor and
 * the owners' dashboard show (api/linkCheck/ is the rule and the run).
 */

/**
 * What one run found at an address: it answered (2xx, or 403 and 429, which government sites
 * give to anything that looks like a robot: the page is there), it failed (404, 410, 5xx or no
 * answer, after the retries), or a warning (a TLS certificate chain that could not be verified:
 * browsers may warn, but the page may well be there).
 */
export type LinkOutcome = 'ok' | 'failed' | 'warning';

/** What the store keeps of one address after a run. */
export interface LinkState {
  /** The address as checked: http(s), without its #fragment. */
  url: string;
  /** The content files that named it at that run (clcss.yaml, mr/clcss.yaml, _site.yaml). */
  files: string[];
  checkedAt: string;
  outcome: LinkOutcome;
  /** The HTTP status of the last answer; 0 when none came. */
  status: number;
  /** Why it failed or warned, in a few words (404, "certificate chain not verified: UNABLE_TO_VERIFY_LEAF_SIGNATURE"); null when it answered. */
  detail: string | null;
  /** The run that began its current run of failures; null while it answers. */
  failingSince: string | null;
}

/** One run of the link check: when it began and ended, and how many addresses it checked. */
export interface LinkCheckRun {
  startedAt: string;
  finishedAt: string;
  checked: number;
}

/** Where a content file names an address, as the file is now. */
export interface LinkPlace {
  file: string;
  line: number;
  col: number;
  /** The value's place in the file's data, as the content check names it: sources[0].url. */
  path: string;
}

/** An address the check reports, with every place the content names it now. */
export interface ReportedLink {
  url: string;
  status: number;
  detail: string | null;
  /** Broken: since when it has failed; a warning: when it was last checked. */
  since: string;
  places: LinkPlace[];
}

/** An English page whose oldest source was checked more than 12 months ago. */
export interface ReviewDuePage {
  file: string;
  route: string;
  title: string;
  /** The date its oldest source was checked, YYYY-MM-DD. */
  oldestChecked: string;
}

/** What the admin screens show of the sources: the pages due for review and the links the last run found broken or warned about. */
export interface SourcesReport {
  /** The last run; null before the first, or while the check is off. */
  lastRun: LinkCheckRun | null;
  /** Whether the server checks links at all (LINK_CHECK_HOURS, SITE_URL), and how often. */
  everyHours: number | null;
  broken: ReportedLink[];
  warnings: ReportedLink[];
  reviewDue: ReviewDuePage[];
}
