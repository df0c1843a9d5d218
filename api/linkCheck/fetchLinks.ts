import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LinkChecker, LinkState as Checked, type LinkResult } from 'linkinator';
import { escapeHtml } from '../../src/shared/escapeHtml';
import type { LinkOutcome } from '../../src/shared/linkCheck';

/** How the addresses are fetched: made for government sites, which are slow, flaky and wary of robots. */
export interface FetchPolicy {
  /** Tries again after a 5xx, a 429 or no answer, 2, 2, 4… seconds later (linkinator's backoff, with up to a second of jitter). */
  retries: number;
  /** How long one request may take. */
  timeoutMs: number;
  /** How many requests at once, over every site. */
  concurrency: number;
}

export const FETCH_POLICY: FetchPolicy = { retries: 3, timeoutMs: 30_000, concurrency: 8 };

/**
 * A real browser's user agent (Chrome on Android, as most of the firm's visitors): several
 * government sites refuse or hang up on a client that names itself a robot, or Node.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface Fetched {
  outcome: LinkOutcome;
  status: number;
  detail: string | null;
}

/**
 * The certificate errors Node reports for a site whose TLS chain it cannot verify: an incomplete
 * chain (many government sites send no intermediate certificate; browsers fetch it, Node does not),
 * a self-signed or unknown issuer, an expired certificate, or one for another name. A visitor's
 * browser may well open the page, so it is a warning for a person to look at, never "broken".
 */
const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The reason a request got no answer, as Node names it (ENOTFOUND, ECONNREFUSED, a certificate error…). */
function reasonOf(failure: unknown): string | undefined {
  if (!(failure instanceof Error)) return undefined;
  const cause = failure.cause as (Error & { code?: string; errors?: (Error & { code?: string })[] }) | undefined;
  return cause?.code ?? cause?.errors?.[0]?.code ?? (failure.name === 'TimeoutError' ? 'timed out' : (cause?.message ?? failure.message));
}

/** What one of linkinator's results means for the firm. */
function fetchedOf(result: LinkResult): Fetched {
  const status = result.status ?? 0;
  if (result.state !== Checked.BROKEN) return { outcome: 'ok', status, detail: null };
  const reasons = (result.failureDetails ?? []).map(reasonOf).filter((reason) => reason !== undefined);
  const certificate = reasons.find((reason) => CERTIFICATE_ERRORS.has(reason));
  if (status === 0 && certificate) return { outcome: 'warning', status, detail: `certificate not verified: ${certificate}` };
  return { outcome: 'failed', status, detail: status > 0 ? `answered ${status}` : `no answer: ${reasons[0] ?? 'unknown'}` };
}

/**
 * Fetches each address once with linkinator, and says what each answered. Linkinator checks the
 * links of a page it crawls; it has no way to be handed a list of addresses (given them as pages
 * to start from, it would also check every link on every government page). So the list is served
 * as one page of links, on a loopback port of this process for the length of the run, and
 * linkinator is pointed at it without recursion: it fetches each link once (HEAD, then GET where
 * HEAD fails), with a browser's user agent, 403 and 429 taken as answers (statusCodes), and its
 * retries with backoff after a 5xx, a 429 or no answer (retryErrors).
 */
export async function fetchLinks(urls: readonly string[], policy: FetchPolicy = FETCH_POLICY): Promise<Map<string, Fetched>> {
  const found = new Map<string, Fetched>();
  if (urls.length === 0) return found;
  const page = `<!doctype html><title>Links</title>${urls.map((url) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`).join('\n')}`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const list = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const { links } = await new LinkChecker().check({
      path: list,
      recurse: false,
      concurrency: policy.concurrency,
      timeout: policy.timeoutMs,
      userAgent: BROWSER_USER_AGENT,
      statusCodes: { '403': 'ok', '429': 'ok' },
      // linkinator tries again while its count of retries is not above retryErrorsCount, so one fewer gives `retries`.
      retryErrors: policy.retries > 0,
      retryErrorsCount: Math.max(0, policy.retries - 1),
      retryErrorsJitter: 1000,
    });
    const wanted = new Set(urls);
    for (const result of links) if (wanted.has(result.url)) found.set(result.url, fetchedOf(result));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return found;
}
