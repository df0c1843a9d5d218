import { ADMIN_API } from '../shared/adminPaths';
import type { FormKind } from '../shared/forms/formSchemas';

import type { StoredEnquiry } from '../shared/storedEnquiry';

export type ApiAnswer<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** Calls the admin API on this origin. The session cookie travels by itself; nothing secret is handled here. */
async function call<T>(path: string, body?: unknown): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, message: 'The server could not be reached. Check your connection and try again.' };
  }
  const data = (await response.json().catch(() => ({}))) as T & { message?: string };
  return response.ok
    ? { ok: true, data }
    : { ok: false, status: response.status, message: data.message ?? `The server answered ${response.status}.` };
}

export const adminApi = {
  login: (username: string, password: string) => call<{ username: string }>(ADMIN_API.login, { username, password }),
  logout: () => call<{ message: string }>(ADMIN_API.logout, {}),
  resetPassword: (body: { username: string; currentPassword: string; newPassword: string; confirmPassword: string }) =>
    call<{ message: string }>(ADMIN_API.resetPassword, body),
  resetUsername: (body: { currentPassword: string; newUsername: string; confirmUsername: string }) =>
    call<{ message: string }>(ADMIN_API.resetUsername, body),
  list: (kind: FormKind) =>
    call<{ Data: StoredEnquiry[]; message?: string }>(kind === 'about' ? ADMIN_API.listAbout : ADMIN_API.listContact),
  testNotification: () => call<{ message: string }>(ADMIN_API.testNotification, {}),
  remove: (kind: FormKind, id: string) =>
    call<{ message: string }>(
      kind === 'about' ? ADMIN_API.deleteAbout : ADMIN_API.deleteContact,
      kind === 'about' ? { aid: id } : { cid: id },
    ),
};
