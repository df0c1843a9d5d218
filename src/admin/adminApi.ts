import { ADMIN_API, pathTo } from '../shared/adminPaths';
import type { ApplicationChange } from '../shared/applications';
import type { AccountView, AuditEntry, ContactChannel, DeskEnquiry, DeskEnquiryDetail, DeskStats, ListPage, Role } from '../shared/desk';
import type { PrivacyRequest, PrivacyRequestStatus } from '../shared/privacyRequests';
import type { BackupStatus } from '../shared/backupStatus';
import type { ContentStatus } from '../shared/pageEditor';
import type { DailyList } from '../shared/dailyList';
import type { DocumentRequestSummary, DocumentsAnswer, NewRequestAnswer } from '../shared/documents';

/** One person: the mobile number or the e-mail address they gave. */
export type PersonQuery = { phone: string } | { email: string };
export interface PersonData {
  enquiries: DeskEnquiryDetail[];
  requests: PrivacyRequest[];
}

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

const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';

/** Calls the admin API on this origin. The session cookie travels by itself; nothing secret is handled here. */
export function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<ApiAnswer<T>> {
  return answerOf<T>(
    () =>
      fetch(path, {
        method,
        // Every change is JSON: the server refuses anything else as a possible cross-site forgery.
        headers: method === 'GET' ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
        credentials: 'same-origin',
        signal,
      }),
    signal,
  );
}

/** Sends a form with a file; the extra header is what the server takes as proof that this page sent it. */
export function upload<T>(path: string, form: FormData): Promise<ApiAnswer<T>> {
  return answerOf<T>(() =>
    fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-Requested-With': 'fetch' },
      body: form,
      credentials: 'same-origin',
    }),
  );
}

async function answerOf<T>(send: () => Promise<Response>, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { ok: false, status: 0, message: UNREACHABLE, body: {} };
  }
  // A body cut off by the caller's abort is the abort, not an empty answer.
  const data = (await response.json().catch((error: Error) => (signal?.aborted ? Promise.reject(error) : {}))) as T & {
    message?: string;
    errors?: Record<string, string>;
    mustChangePassword?: boolean;
    mfaRequired?: boolean;
    confirmIdentity?: boolean;
  };
  return response.ok
    ? { ok: true, data }
    : {
        ok: false,
        status: response.status,
        message: data.message ?? `The server answered ${response.status}.`,
        ...(data.errors && { errors: data.errors }),
        ...(data.mustChangePassword && { mustChangePassword: true }),
        ...(data.mfaRequired && { mfaRequired: true }),
        ...(data.confirmIdentity && { confirmIdentity: true }),
        body: data,
      };
}

export interface SessionInfo {
  username: string;
  role: Role;
  mustChangePassword: boolean;
  /** The account must set up a second factor before anything else (ADMIN_MFA=required). */
  mustEnrol: boolean;
}

/** The signed-in account's second factors, as its Sign-in security screen shows them. */
export interface SecondFactors {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: string }[];
  /** Until when (ISO) this session may change them; null until the account confirms it is the one signed in. */
  confirmedUntil: string | null;
}

/** A second factor sent with a password: a code from the app or a recovery code, or a passkey's answer. */
export interface FactorProof {
  code?: string;
  passkey?: unknown;
}

const withQuery = (path: string, query: URLSearchParams) => (query.toString() ? `${path}?${query.toString()}` : path);

export const adminApi = {
  login: (username: string, password: string, code?: string) =>
    call<SessionInfo>('POST', ADMIN_API.login, { username, password, ...(code !== undefined && { code }) }),
  passkeySignInOptions: () => call<Record<string, unknown>>('POST', ADMIN_API.passkeySignInOptions),
  passkeySignIn: (response: unknown) => call<SessionInfo>('POST', ADMIN_API.passkeySignIn, { response }),
  logout: () => call<{ message: string }>('POST', ADMIN_API.logout),
  session: () => call<SessionInfo>('GET', ADMIN_API.session),
  /** `code` or `passkey`: the account's second factor, when it has one (the server answers mfaRequired without). */
  resetPassword: (body: { username: string; currentPassword: string; newPassword: string; confirmPassword: string } & FactorProof) =>
    call<{ message: string; signedIn: boolean }>('POST', ADMIN_API.resetPassword, body),
  resetUsername: (body: { username: string; currentPassword: string; newUsername: string; confirmUsername: string } & FactorProof) =>
    call<{ message: string }>('POST', ADMIN_API.resetUsername, body),
  testNotification: () => call<{ message: string }>('POST', ADMIN_API.testNotification),

  enquiries: (query: URLSearchParams, signal?: AbortSignal) =>
    call<ListPage<DeskEnquiry>>('GET', withQuery(ADMIN_API.enquiries, query), undefined, signal),
  enquiry: (id: string, signal?: AbortSignal) => call<DeskEnquiryDetail>('GET', pathTo(ADMIN_API.enquiry, { id }), undefined, signal),
  changeEnquiry: (id: string, change: { status?: string; closedReason?: string; followUpOn?: string | null; assignedTo?: string | null }) =>
    call<DeskEnquiryDetail>('PATCH', pathTo(ADMIN_API.enquiry, { id }), change),
  addApplication: (id: string, body: { lender: string; product: string; amount: number }) =>
    call<{ id: string; enquiry: DeskEnquiryDetail }>('POST', pathTo(ADMIN_API.applications, { id }), body),
  changeApplication: (id: string, applicationId: string, body: ApplicationChange) =>
    call<DeskEnquiryDetail>('PATCH', pathTo(ADMIN_API.application, { id, applicationId }), body),
  documents: (id: string) => call<DocumentsAnswer>('GET', pathTo(ADMIN_API.documents, { id })),
  askForDocuments: (id: string, body: { documents: string[]; language: string }) =>
    call<NewRequestAnswer>('POST', pathTo(ADMIN_API.documentRequests, { id }), body),
  revokeDocuments: (id: string, requestId: string) =>
    call<DocumentRequestSummary>('DELETE', pathTo(ADMIN_API.documentRequest, { id, requestId })),
  emailDocuments: (id: string, requestId: string) =>
    call<DocumentRequestSummary>('POST', pathTo(ADMIN_API.documentRequestEmail, { id, requestId })),
  documentHref: (id: string, documentId: string) => pathTo(ADMIN_API.document, { id, documentId }),
  addNote: (id: string, text: string) => call<DeskEnquiryDetail>('POST', pathTo(ADMIN_API.notes, { id }), { text }),
  recordContact: (id: string, channel: ContactChannel, template?: string) =>
    call<DeskEnquiryDetail>('POST', pathTo(ADMIN_API.contact, { id }), { channel, ...(template && { template }) }),
  deleteEnquiry: (id: string) => call<{ message: string }>('DELETE', pathTo(ADMIN_API.enquiry, { id })),
  exportHref: (query: URLSearchParams) => withQuery(ADMIN_API.exportCsv, query),
  stats: (signal?: AbortSignal) => call<DeskStats>('GET', ADMIN_API.stats, undefined, signal),
  /** The signed-in advisor's daily list. */
  today: (signal?: AbortSignal) => call<DailyList>('GET', ADMIN_API.today, undefined, signal),
  backups: (signal?: AbortSignal) => call<BackupStatus>('GET', ADMIN_API.backups, undefined, signal),
  contentStatus: (signal?: AbortSignal) => call<ContentStatus>('GET', ADMIN_API.contentStatus, undefined, signal),

  accounts: () => call<{ items: AccountView[] }>('GET', ADMIN_API.accounts),
  addAccount: (body: { username: string; password: string; role: Role }) => call<AccountView>('POST', ADMIN_API.accounts, body),
  changeRole: (username: string, role: Role) => call<AccountView>('PATCH', pathTo(ADMIN_API.account, { username }), { role }),
  changeCasework: (
    username: string,
    change: { languages?: string[]; available?: boolean; email?: string | null; emailLanguage?: string },
  ) => call<AccountView>('PATCH', pathTo(ADMIN_API.account, { username }), change),
  removeAccount: (username: string) => call<{ message: string }>('DELETE', pathTo(ADMIN_API.account, { username })),
  removeSecondFactors: (username: string) => call<{ message: string }>('DELETE', pathTo(ADMIN_API.accountMfa, { username })),

  secondFactors: () => call<SecondFactors>('GET', ADMIN_API.mfa),
  confirmIdentity: (body: { password: string } & FactorProof) =>
    call<SecondFactors & { message: string }>('POST', ADMIN_API.confirmIdentity, body),
  startTotp: () => call<{ secret: string; otpauthUrl: string }>('POST', ADMIN_API.totp),
  /** A new address for each set-up, so the browser never shows an earlier code from its memory. */
  totpQrHref: (setUp: number) => `${ADMIN_API.totpQr}?setup=${setUp}`,
  confirmTotp: (code: string) => call<{ message: string; recoveryCodes: string[] }>('POST', ADMIN_API.totpConfirm, { code }),
  removeTotp: () => call<SecondFactors>('DELETE', ADMIN_API.totp),
  newRecoveryCodes: () => call<{ recoveryCodes: string[] }>('POST', ADMIN_API.recoveryCodes),
  passkeyOptions: () => call<Record<string, unknown>>('POST', ADMIN_API.passkeyOptions),
  addPasskey: (name: string, response: unknown) =>
    call<{ message: string; recoveryCodes: string[] }>('POST', ADMIN_API.passkeys, { name, response }),
  removePasskey: (id: string) => call<SecondFactors>('DELETE', pathTo(ADMIN_API.passkey, { id })),

  audit: (query: URLSearchParams) => call<ListPage<AuditEntry>>('GET', withQuery(ADMIN_API.audit, query)),

  privacyRequests: (query: URLSearchParams) => call<ListPage<PrivacyRequest>>('GET', withQuery(ADMIN_API.privacyRequests, query)),
  changePrivacyRequest: (id: string, change: { status: PrivacyRequestStatus; reason?: string }) =>
    call<PrivacyRequest>('PATCH', pathTo(ADMIN_API.privacyRequest, { id }), change),
  person: (who: PersonQuery) => call<PersonData>('GET', withQuery(ADMIN_API.person, new URLSearchParams(who))),
  personExportHref: (who: PersonQuery) => withQuery(ADMIN_API.personExport, new URLSearchParams(who)),
  erase: (who: PersonQuery) => call<{ message: string; enquiries: number; requests: number }>('POST', ADMIN_API.erasure, who),
};
