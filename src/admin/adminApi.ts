import Cookies from 'js-cookie';
import { hc, type ClientResponse } from 'hono/client';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { AdminApi } from '../../api/routes/adminRoutes';
import { ADMIN_API, pathTo } from '../shared/adminPaths';
import { ADMIN_PAGES } from '../shared/adminPages';
import { ADMIN_NAME_COOKIE } from '../shared/cookies';
import type { DisplayNames } from '../shared/accounts';
import type { ContactChannel } from '../shared/deskEnquiry';
import type { AdminBodies } from '../shared/forms/adminBodies.generated';

/** One person: the mobile number or the e-mail address they gave. */
export type PersonQuery = { phone: string } | { email: string };

export type ApiAnswer<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      message: string;
      errors?: Record<string, string>;
      mustChangePassword?: boolean;
      /** The password was right; the account needs its second factor too. */
      mfaRequired?: boolean;
      /** A change of second factors needs the password (and a factor) entered again first. */
      confirmIdentity?: boolean;
      /** The whole answer, for screens that read more of it (the page editor's problems and conflicts). */
      body: Record<string, unknown>;
    };

/** What a route answers when it succeeds: every answer of its type but those it gives with an error status. */
type Success<R> =
  R extends ClientResponse<infer T, infer Status, 'json'>
    ? [Status] extends [ClientErrorStatusCode | ServerErrorStatusCode]
      ? never
      : T
    : never;

/** What one of the calls below answers when it succeeds, as the server's route types it. */
export type DataOf<Call extends (...args: never[]) => Promise<ApiAnswer<unknown>>> = Extract<
  Awaited<ReturnType<Call>>,
  { ok: true }
>['data'];

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/**
 * Every call goes as JSON from this origin: the server refuses anything else as a possible
 * cross-site forgery, so a change without a body sends an empty object. The session cookie
 * travels by itself; nothing secret is handled here.
 */
const sameOriginJson: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const sendsNothing = (init.method ?? 'GET') !== 'GET' && init.body == null;
  if (sendsNothing) headers.set('Content-Type', 'application/json');
  return fetch(input, { ...init, headers, credentials: 'same-origin', ...(sendsNothing && { body: '{}' }) });
};

/** The admin API, typed by the server's routes (api/routes/adminRoutes.ts): paths, bodies and answers. */
export const client = hc<AdminApi>('/', { fetch: sameOriginJson });

/**
 * The session has ended (signed out elsewhere, idle too long, the account removed): the one place
 * that handles it. The person signs in again and comes back to the screen they were on.
 */
export function sessionEnded(): void {
  Cookies.remove(ADMIN_NAME_COOKIE, { path: '/' });
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`${ADMIN_PAGES.login}?${RETURN_PARAM}=${encodeURIComponent(here)}`);
}

/** The sign-in's parameter naming the screen to go back to. */
export const RETURN_PARAM = 'next';

/** Where a sign-in goes on to: the screen the session ended on, if it is one of this site's paths, else the desk. */
export function returnPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : ADMIN_PAGES.tables;
}

/** How a call answers 401: the end of the session, or (signing in, confirming one's identity) a wrong password or code. */
type On401 = 'session-ended' | 'wrong-credentials';

/** One call's answer: its data, or why it failed, in the words the server chose. */
export async function answer<R extends ClientResponse<unknown, number, string>>(
  send: Promise<R>,
  { signal, on401 = 'session-ended' }: { signal?: AbortSignal; on401?: On401 } = {},
): Promise<ApiAnswer<Success<R>>> {
  let response: R;
  try {
    response = await send;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { ok: false, status: 0, message: UNREACHABLE, body: {} };
  }
  if (response.status === 401 && on401 === 'session-ended') {
    sessionEnded();
    // The page is leaving: nothing that waited for this answer runs on.
    return new Promise(() => {});
  }
  // A body cut off by the caller's abort is the abort, not an empty answer.
  const data = (await response.json().catch((error: Error) => (signal?.aborted ? Promise.reject(error) : {}))) as Record<string, unknown>;
  if (response.ok) return { ok: true, data: data as Success<R> };
  return {
    ok: false,
    status: response.status,
    message: typeof data.message === 'string' ? data.message : `The server answered ${response.status}.`,
    ...(data.errors !== undefined && { errors: data.errors as Record<string, string> }),
    ...(data.mustChangePassword === true && { mustChangePassword: true }),
    ...(data.mfaRequired === true && { mfaRequired: true }),
    ...(data.confirmIdentity === true && { confirmIdentity: true }),
    body: data,
  };
}

/** Sends a form with a file; the extra header is what the server takes as proof that this page sent it. */
export function upload<T>(path: string, form: FormData): Promise<ApiAnswer<T>> {
  const sent = fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'X-Requested-With': 'fetch' },
    body: form,
    credentials: 'same-origin',
  });
  return answer<ClientResponse<T, 200, 'json'>>(sent as unknown as Promise<ClientResponse<T, 200, 'json'>>);
}

/** A call's options: the caller's abort signal. */
export const init = (signal?: AbortSignal) => ({ init: signal ? { signal } : {} });
const query = (search: URLSearchParams) => Object.fromEntries(search);
const withQuery = (path: string, search: URLSearchParams) => (search.toString() ? `${path}?${search.toString()}` : path);
/** A path's parameters, each encoded (a content file's path has slashes: mr%2Fclcss.yaml). */
export const encoded = <P extends Record<string, string>>(param: P): P =>
  Object.fromEntries(Object.entries(param).map(([name, value]) => [name, encodeURIComponent(value)])) as P;

const api = client.admin.api;

/** A second factor sent with a password: a code from the app or a recovery code, or a passkey's answer. */
export interface FactorProof {
  code?: string;
  passkey?: unknown;
}

export const adminApi = {
  login: (username: string, password: string, code?: string) =>
    answer(client.admin.login.$post({ json: { username, password, ...(code !== undefined && { code }) } }), { on401: 'wrong-credentials' }),
  passkeySignInOptions: () => answer(client.admin['passkey-login'].options.$post(), { on401: 'wrong-credentials' }),
  passkeySignIn: (response: unknown) => answer(client.admin['passkey-login'].$post({ json: { response } }), { on401: 'wrong-credentials' }),
  logout: () => answer(client.admin.logout.$post()),
  session: () => answer(client.admin.session.$get()),
  /** `code` or `passkey`: the account's second factor, when it has one (the server answers mfaRequired without). */
  resetPassword: (body: { username: string; currentPassword: string; newPassword: string; confirmPassword: string } & FactorProof) =>
    answer(client.admin['reset-password'].$post({ json: body }), { on401: 'wrong-credentials' }),
  resetUsername: (body: { username: string; currentPassword: string; newUsername: string; confirmUsername: string } & FactorProof) =>
    answer(client.admin['reset-username'].$post({ json: body }), { on401: 'wrong-credentials' }),
  testNotification: () => answer(client.admin['test-notification'].$post()),

  enquiries: (search: URLSearchParams, signal?: AbortSignal) =>
    answer(api.enquiries.$get({ query: query(search) }, init(signal)), { signal }),
  enquiry: (id: string, signal?: AbortSignal) => answer(api.enquiries[':id'].$get({ param: encoded({ id }) }, init(signal)), { signal }),
  changeEnquiry: (id: string, change: AdminBodies['enquiryChange']) =>
    answer(api.enquiries[':id'].$patch({ param: encoded({ id }), json: change })),
  addApplication: (id: string, body: AdminBodies['newApplication']) =>
    answer(api.enquiries[':id'].applications.$post({ param: encoded({ id }), json: body })),
  changeApplication: (id: string, applicationId: string, body: AdminBodies['applicationChange']) =>
    answer(api.enquiries[':id'].applications[':applicationId'].$patch({ param: encoded({ id, applicationId }), json: body })),
  documents: (id: string) => answer(api.enquiries[':id'].documents.$get({ param: encoded({ id }) })),
  askForDocuments: (id: string, body: AdminBodies['documentRequest']) =>
    answer(api.enquiries[':id']['document-requests'].$post({ param: encoded({ id }), json: body })),
  revokeDocuments: (id: string, requestId: string) =>
    answer(api.enquiries[':id']['document-requests'][':requestId'].$delete({ param: encoded({ id, requestId }) })),
  emailDocuments: (id: string, requestId: string) =>
    answer(api.enquiries[':id']['document-requests'][':requestId'].email.$post({ param: encoded({ id, requestId }) })),
  documentHref: (id: string, documentId: string) => pathTo(ADMIN_API.document, { id, documentId }),
  /** `contact`: the note records a contact with the enquirer, which stops the first-response clock. */
  addNote: (id: string, text: string, contact = false) =>
    answer(api.enquiries[':id'].notes.$post({ param: encoded({ id }), json: { text, ...(contact && { contact }) } })),
  recordContact: (id: string, channel: ContactChannel, template?: string) =>
    answer(api.enquiries[':id'].contact.$post({ param: encoded({ id }), json: { channel, ...(template && { template }) } })),
  deleteEnquiry: (id: string) => answer(api.enquiries[':id'].$delete({ param: encoded({ id }) })),
  exportHref: (search: URLSearchParams) => withQuery(ADMIN_API.exportCsv, search),
  stats: (signal?: AbortSignal) => answer(api.stats.$get({}, init(signal)), { signal }),
  /** The signed-in advisor's daily list. */
  today: (signal?: AbortSignal) => answer(api.today.$get({}, init(signal)), { signal }),
  backups: (signal?: AbortSignal) => answer(api.backups.$get({}, init(signal)), { signal }),
  contentStatus: (signal?: AbortSignal) => answer(api.content.status.$get({}, init(signal)), { signal }),
  contentSources: (signal?: AbortSignal) => answer(api.content.sources.$get({}, init(signal)), { signal }),
  /** The desk's board: a page of each open status (?assignedTo=me), or the next page of one (?stage=&cursor=). */
  board: (search: URLSearchParams, signal?: AbortSignal) => answer(api.board.$get({ query: query(search) }, init(signal)), { signal }),
  pipelineStats: (search: URLSearchParams, signal?: AbortSignal) =>
    answer(api.stats.pipeline.$get({ query: query(search) }, init(signal)), { signal }),
  visitStats: (days: number, signal?: AbortSignal) =>
    answer(api.stats.visits.$get({ query: { days: String(days) } }, init(signal)), { signal }),
  expectedCampaigns: () => answer(api.stats.campaigns.$get()),
  addExpectedCampaign: (name: string) => answer(api.stats.campaigns.$post({ json: { name } })),
  removeExpectedCampaign: (name: string) => answer(api.stats.campaigns[':name'].$delete({ param: encoded({ name }) })),

  accounts: () => answer(api.accounts.$get()),
  addAccount: (body: AdminBodies['newAccount']) => answer(api.accounts.$post({ json: body })),
  changeRole: (username: string, role: AdminBodies['accountChange']['role']) =>
    answer(api.accounts[':username'].$patch({ param: encoded({ username }), json: { role } })),
  /** The languages are the site's, by code (content/_desk.yaml): the server checks them against its schema. */
  changeCasework: (
    username: string,
    change: { languages?: string[]; available?: boolean; email?: string | null; emailLanguage?: string; displayNames?: DisplayNames },
  ) => answer(api.accounts[':username'].$patch({ param: encoded({ username }), json: change as AdminBodies['accountChange'] })),
  removeAccount: (username: string) => answer(api.accounts[':username'].$delete({ param: encoded({ username }) })),
  removeSecondFactors: (username: string) => answer(api.accounts[':username'].mfa.$delete({ param: encoded({ username }) })),

  secondFactors: () => answer(api.mfa.$get()),
  confirmIdentity: (body: { password: string } & FactorProof) =>
    answer(api.mfa.confirm.$post({ json: body }), { on401: 'wrong-credentials' }),
  startTotp: () => answer(api.mfa.totp.$post()),
  /** A new address for each set-up, so the browser never shows an earlier code from its memory. */
  totpQrHref: (setUp: number) => `${ADMIN_API.totpQr}?setup=${setUp}`,
  confirmTotp: (code: string) => answer(api.mfa.totp.confirm.$post({ json: { code } })),
  removeTotp: () => answer(api.mfa.totp.$delete()),
  newRecoveryCodes: () => answer(api.mfa['recovery-codes'].$post()),
  passkeyOptions: () => answer(api.mfa.passkeys.options.$post()),
  addPasskey: (name: string, response: unknown) => answer(api.mfa.passkeys.$post({ json: { name, response } })),
  removePasskey: (id: string) => answer(api.mfa.passkeys[':id'].$delete({ param: encoded({ id }) })),

  audit: (search: URLSearchParams) => answer(api.audit.$get({ query: query(search) })),

  privacyRequests: (search: URLSearchParams) => answer(api['privacy-requests'].$get({ query: query(search) })),
  changePrivacyRequest: (id: string, change: AdminBodies['privacyRequestChange']) =>
    answer(api['privacy-requests'][':id'].$patch({ param: encoded({ id }), json: change })),
  person: (who: PersonQuery) => answer(api.person.$get({ query: who })),
  personExportHref: (who: PersonQuery) => withQuery(ADMIN_API.personExport, new URLSearchParams(who)),
  erase: (who: PersonQuery) => answer(api.erasure.$post({ json: who })),
};

export type SessionInfo = DataOf<typeof adminApi.session>;
/** The signed-in account's second factors, as its Sign-in security screen shows them. */
export type SecondFactors = DataOf<typeof adminApi.secondFactors>;
export type PersonData = DataOf<typeof adminApi.person>;
