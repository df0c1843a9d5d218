import { expect } from 'vitest';
import type { RunningServer } from './server';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: T & { message?: string; errors?: Record<string, string> };
  text: string;
}

let addresses = 0;
/** A fresh client address each time, so the failures one test makes on purpose never lock out the next (the server trusts 127.0.0.1 as its proxy). */
export const nextAddress = () => `198.51.100.${(addresses = (addresses % 250) + 1)}`;

/**
 * Calls the admin API of a running server as the admin pages do: same origin, JSON,
 * with a session cookie when given, from the client address given.
 */
export function adminClient(server: () => RunningServer) {
  const url = (pathname: string) => new URL(pathname, server().url).href;

  async function request<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    options: { body?: unknown; cookie?: string; address?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const response = await fetch(url(pathname), {
      method,
      headers: {
        ...(method !== 'GET' && { 'Content-Type': 'application/json', Origin: new URL(server().url).origin }),
        'X-Forwarded-For': options.address ?? nextAddress(),
        ...(options.cookie && { Cookie: options.cookie }),
        ...options.headers,
      },
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
    });
    const text = await response.text();
    let json = {} as Answer<T>['json'];
    try {
      json = JSON.parse(text) as Answer<T>['json'];
    } catch {
      // not JSON (a CSV, a page): the caller reads text
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  /** Signs in and returns the Cookie header that carries the session (and the readable name). */
  async function logIn(
    username: string,
    password: string,
    address?: string,
  ): Promise<{ answer: Answer; cookie: string; setCookies: string[] }> {
    const answer = await request('POST', '/admin/login', { body: { username, password }, ...(address && { address }) });
    const setCookies = answer.headers.getSetCookie();
    const cookie = setCookies
      .map((line) => line.split(';')[0]!)
      .filter((pair) => /^(__Host-)?(session|device)=/.test(pair))
      .join('; ');
    return { answer, cookie, setCookies };
  }

  /**
   * An account an owner added signs in with the password the owner chose, changes it as the
   * server asks, and gets the new session the change gives: the Cookie header that carries it.
   */
  async function firstSignIn(username: string, firstPassword: string, chosen: string): Promise<string> {
    const { answer, cookie } = await logIn(username, firstPassword);
    expect(answer.json).toMatchObject({ mustChangePassword: true });
    const changed = await request('POST', '/admin/reset-password', {
      body: { username, currentPassword: firstPassword, newPassword: chosen, confirmPassword: chosen },
      cookie,
    });
    expect(changed.json).toMatchObject({ signedIn: true });
    return changed.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => /^(__Host-)?(session|device)=/.test(pair))
      .join('; ');
  }
  /**
   * An owner (signed in as `owner`, a Cookie header) adds an account, whose holder then signs in
   * and sets a password of their own: the new account's Cookie header.
   */
  async function addAccount(owner: string, account: { username: string; password: string }, role: 'owner' | 'staff' | 'editor') {
    const first = `${account.password} first`;
    const added = await request('POST', '/admin/api/accounts', {
      body: { username: account.username, password: first, role },
      cookie: owner,
    });
    expect(added.status).toBe(201);
    return firstSignIn(account.username, first, account.password);
  }

  return {
    url,
    request,
    logIn,
    firstSignIn,
    addAccount,
    get: <T = Record<string, unknown>>(pathname: string, cookie?: string) => request<T>('GET', pathname, { ...(cookie && { cookie }) }),
    post: <T = Record<string, unknown>>(pathname: string, body: unknown, cookie?: string) =>
      request<T>('POST', pathname, { body, ...(cookie && { cookie }) }),
    patch: <T = Record<string, unknown>>(pathname: string, body: unknown, cookie?: string) =>
      request<T>('PATCH', pathname, { body, ...(cookie && { cookie }) }),
    del: <T = Record<string, unknown>>(pathname: string, cookie?: string) => request<T>('DELETE', pathname, { ...(cookie && { cookie }) }),
  };
}
