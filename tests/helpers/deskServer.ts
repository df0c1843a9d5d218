import { afterAll, beforeAll, expect } from 'vitest';
import type { DeskEnquiry } from '../../src/shared/deskEnquiry';
import type { ListPage } from '../../src/shared/listPage';
import { adminClient } from './adminClient';
import { removeDir, startServer, type RunningServer } from './server';
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
  return { owner, staff: await admin.addAccount(owner, STAFF, 'staff') };
}

/** Posts a contact enquiry as a visitor would and returns its id (newest in the list). */
async function postEnquiry(
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

/**
 * For a test file: one desk server for all its tests, started before them and removed after;
 * `owner` and `staff` are the two accounts' session cookies once it has started; a test that
 * restarts the server sets `server` to the new one. `enquiry` posts a contact enquiry as a
 * visitor would and answers its id.
 */
export function useDeskServer() {
  const desk: {
    server: RunningServer;
    admin: AdminClient;
    owner: string;
    staff: string;
    enquiry: (name: string, number?: string, extra?: Record<string, string>) => Promise<string>;
  } = {
    server: undefined as unknown as RunningServer,
    admin: adminClient(() => desk.server),
    owner: '',
    staff: '',
    enquiry: (name, number, extra) => postEnquiry(desk.admin, desk.owner, name, number, extra),
  };
  beforeAll(async () => {
    Object.assign(desk, await startDeskServer(desk.admin, (started) => (desk.server = started)));
  }, 60_000);
  afterAll(async () => {
    await desk.server.stop();
    removeDir(desk.server.dataDir);
  });
  return desk;
}
