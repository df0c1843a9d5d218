import { expect } from 'vitest';
import type { DeskEnquiry, ListPage } from '../../src/shared/desk';
import type { adminClient } from './adminClient';
import { startServer, type RunningServer } from './server';
import { postJson } from './storedData';

/** The desk tests' two accounts: the first admin, an owner, and a staff member the owner adds. */
export const OWNER = { username: 'owner', password: 'owner pass phrase' };
export const STAFF = { username: 'priya', password: 'priya pass phrase' };

type AdminClient = ReturnType<typeof adminClient>;

/** A fresh server with an owner and a staff account, both signed in: their session cookies. */
export async function startDeskServer(
  admin: AdminClient,
  started: (server: RunningServer) => void,
): Promise<{ owner: string; staff: string }> {
  started(await startServer({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: '127.0.0.1' } }));
  const owner = (await admin.logIn(OWNER.username, OWNER.password)).cookie;
  const first = `${STAFF.password} first`;
  expect((await admin.post('/admin/api/users', { username: STAFF.username, password: first, role: 'staff' }, owner)).status).toBe(201);
  const staff = await admin.firstSignIn(STAFF.username, first, STAFF.password);
  return { owner, staff };
}

/** Posts a contact enquiry as a visitor would and returns its id (newest in the list). */
export async function postEnquiry(
  admin: AdminClient,
  owner: string,
  name: string,
  number = '9876543210',
  extra: Record<string, string> = {},
): Promise<string> {
  expect((await postJson(admin.url('/addcontactdata'), { name, number, enquiry: 'other', consent: true, ...extra })).status).toBe(200);
  const page = await admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?limit=1', owner);
  return page.json.items[0]!._id;
}
