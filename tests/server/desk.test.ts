import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeskEnquiry, DeskEnquiryDetail, DeskStats, ListPage } from '../../src/shared/desk';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { adminClient } from '../helpers/adminClient';
import { OWNER, postEnquiry, STAFF, startDeskServer } from '../helpers/deskServer';
import { removeDir, startServer, type RunningServer } from '../helpers/server';
import { postJson } from '../helpers/storedData';

let server: RunningServer;
const admin = adminClient(() => server);
let owner = '';
let staff = '';

const enquiry = (name: string, number?: string, extra?: Record<string, string>) => postEnquiry(admin, owner, name, number, extra);

beforeAll(async () => {
  ({ owner, staff } = await startDeskServer(admin, (started) => (server = started)));
}, 60_000);
afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('roles', () => {
  test('staff read, change status, add notes and set follow-ups', async () => {
    const id = await enquiry('Staff work');
    expect((await admin.get('/admin/api/enquiries', staff)).status).toBe(200);
    expect((await admin.get(`/admin/api/enquiries/${id}`, staff)).status).toBe(200);
    expect(
      (await admin.patch(`/admin/api/enquiries/${id}`, { status: 'contacted', followUpOn: addDays(indiaDate(), 1) }, staff)).status,
    ).toBe(200);
    expect((await admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Spoke to her.' }, staff)).status).toBe(201);
    expect((await admin.get('/admin/api/stats', staff)).status).toBe(200);
  });

  test('every owner-only action is refused to staff with 403 and a clear message, and nothing changes', async () => {
    const id = await enquiry('Not for staff');
    const refused = [
      await admin.del(`/admin/api/enquiries/${id}`, staff),
      await admin.post('/deletecontact', { cid: id }, staff),
      await admin.get('/admin/api/enquiries.csv', staff),
      await admin.get('/admin/api/users', staff),
      await admin.post('/admin/api/users', { username: 'sneaky', password: 'sneaky pass 1', role: 'owner' }, staff),
      await admin.patch(`/admin/api/users/${STAFF.username}`, { role: 'owner' }, staff),
      await admin.del(`/admin/api/users/${OWNER.username}`, staff),
      await admin.get('/admin/api/audit', staff),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    expect(refused[0]!.json.message).toBe('Only an owner can delete enquiries. Ask an owner of this account if it needs doing.');
    expect(refused[2]!.json.message).toMatch(/^Only an owner can export enquiries/);
    expect((await admin.get(`/admin/api/enquiries/${id}`, owner)).status).toBe(200);
    expect((await admin.get<{ items: { username: string; role: string }[] }>('/admin/api/users', owner)).json.items).toEqual([
      expect.objectContaining({ username: 'owner', role: 'owner' }),
      expect.objectContaining({ username: 'priya', role: 'staff' }),
    ]);
  });

  test('owners delete; a removed account’s session ends at once; the last owner cannot be removed or made staff', async () => {
    const id = await enquiry('To delete');
    expect((await admin.del(`/admin/api/enquiries/${id}`, owner)).json).toEqual({ message: 'The enquiry has been deleted.' });
    expect((await admin.get(`/admin/api/enquiries/${id}`, owner)).status).toBe(404);
    expect((await admin.del(`/admin/api/enquiries/${id}`, owner)).status).toBe(404);

    await admin.post('/admin/api/users', { username: 'temp', password: 'temp first pass', role: 'staff' }, owner);
    const temp = await admin.firstSignIn('temp', 'temp first pass', 'temp pass phrase');
    expect((await admin.get('/admin/api/enquiries', temp)).status).toBe(200);
    expect((await admin.del('/admin/api/users/temp', owner)).status).toBe(200);
    expect((await admin.get('/admin/api/enquiries', temp)).status).toBe(401);

    expect((await admin.del(`/admin/api/users/${OWNER.username}`, owner)).status).toBe(409);
    const demote = await admin.patch(`/admin/api/users/${OWNER.username}`, { role: 'staff' }, owner);
    expect(demote.status).toBe(409);
    expect(demote.json.message).toMatch(/only owner account/);
  });

  test('adding an account checks its fields, refuses a taken name and a common password', async () => {
    const bad = await admin.post('/admin/api/users', { username: 'x', password: '123', role: 'boss' }, owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors!).sort()).toEqual(['password', 'role', 'username']);
    expect((await admin.post('/admin/api/users', { username: 'PRIYA', password: 'another pass 9', role: 'staff' }, owner)).status).toBe(
      409,
    );
    const common = await admin.post('/admin/api/users', { username: 'ravi', password: 'password123', role: 'staff' }, owner);
    expect(Object.keys(common.json.errors!)).toEqual(['password']);
    expect(common.json.errors!.password).toMatch(/most common/);
  });
});

describe('the enquiry API', () => {
  test('lists newest first in pages of at most 100, with a total and a cursor; bad queries get field errors', async () => {
    for (let index = 0; index < 3; index++) await enquiry(`Page ${index}`);
    const first = await admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?limit=2&q=Page', owner);
    expect(first.json.items.map((item) => item.name)).toEqual(['Page 2', 'Page 1']);
    expect(first.json.total).toBe(3);
    const second = await admin.get<ListPage<DeskEnquiry>>(
      `/admin/api/enquiries?limit=2&q=Page&cursor=${encodeURIComponent(first.json.nextCursor!)}`,
      owner,
    );
    expect(second.json.items.map((item) => item.name)).toEqual(['Page 0']);
    expect(second.json.nextCursor).toBeNull();
    expect(first.json.items[0]).toMatchObject({
      form: 'contact',
      status: 'new',
      followUpOn: null,
      consent: { noticeVersion: expect.stringMatching(/^\d+$/) as unknown },
      number: '+919876543210',
    });
    const bad = await admin.get('/admin/api/enquiries?form=other&status=won&limit=500&due=tomorrow&cursor=zzz', owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors!).sort()).toEqual(['due', 'form', 'limit', 'status']);
    expect((await admin.get('/admin/api/enquiries?cursor=zzz', owner)).json.errors).toEqual({
      cursor: 'The cursor is not one this list gave out.',
    });
  });

  test('one number however written: each enquiry counts the others, and search finds them by any spelling', async () => {
    const spellings = ['+91 98220 12345', '09822012345', '9822012345'];
    for (const [index, number] of spellings.entries()) await enquiry(`Same person ${index}`, number);
    for (const spelling of spellings) {
      const found = await admin.get<ListPage<DeskEnquiry>>(`/admin/api/enquiries?q=${encodeURIComponent(spelling)}`, owner);
      expect(found.json.items.map((item) => [item.name, item.duplicates])).toEqual([
        ['Same person 2', 2],
        ['Same person 1', 2],
        ['Same person 0', 2],
      ]);
    }
    expect((await admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?phone=9822012345', owner)).json.total).toBe(3);
  });

  test('changes are checked against the desk’s statuses, reasons and dates, each wrong value with its own message', async () => {
    const id = await enquiry('Checks');
    const change = (body: unknown) => admin.patch(`/admin/api/enquiries/${id}`, body, owner);
    expect((await change({ status: 'won' })).json.errors).toEqual({ status: 'Choose one of the listed statuses' });
    expect((await change({ status: 'closed' })).json.errors).toEqual({ closedReason: 'Choose why the enquiry is closed' });
    expect((await change({ status: 'contacted', closedReason: 'other' })).json.errors).toEqual({
      closedReason: 'A reason goes only with a status that asks for one',
    });
    expect((await change({ followUpOn: addDays(indiaDate(), -1) })).json.errors).toEqual({
      followUpOn: 'The follow-up date must be today or later',
    });
    expect((await change({ followUpOn: '2026-02-30' })).json.errors).toEqual({ followUpOn: 'Enter a real date' });
    expect((await change({ colour: 'red' })).json.errors).toEqual({ colour: 'This field is not part of the form' });
    expect((await change({})).status).toBe(400);
    expect((await admin.post(`/admin/api/enquiries/${id}/notes`, { text: '   ' }, owner)).json.errors).toEqual({ text: 'Write the note' });
    const closed = await change({ status: 'closed', closedReason: 'duplicate' });
    expect(closed.json).toMatchObject({ status: 'closed', closedReason: 'duplicate' });
    for (const answer of [
      await admin.get('/admin/api/enquiries/no-such-id', owner),
      await admin.patch('/admin/api/enquiries/no-such-id', { status: 'contacted' }, owner),
      await admin.post('/admin/api/enquiries/no-such-id/notes', { text: 'x' }, owner),
    ]) {
      expect(answer.status).toBe(404);
    }
  });

  test('the enquiry shows its whole history, with who and when, and it is there after a restart and after kill -9', async () => {
    const id = await enquiry('History');
    const tomorrow = addDays(indiaDate(), 1);
    await admin.patch(`/admin/api/enquiries/${id}`, { status: 'contacted', followUpOn: tomorrow }, staff);
    await admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Asked for bank statements.' }, staff);
    await admin.patch(`/admin/api/enquiries/${id}`, { status: 'documents-pending' }, owner);
    // Each entry names the account as it was called then, and by the id a later rename keeps.
    const byId = expect.stringMatching(/^[0-9a-f-]{36}$/) as string;
    const expected = [
      { by: 'priya', byId, type: 'status', from: 'new', to: 'contacted' },
      { by: 'priya', byId, type: 'follow-up', on: tomorrow },
      { by: 'priya', byId, type: 'note', text: 'Asked for bank statements.' },
      { by: 'owner', byId, type: 'status', from: 'contacted', to: 'documents-pending' },
    ];
    const history = async () =>
      (await admin.get<DeskEnquiryDetail>(`/admin/api/enquiries/${id}`, owner)).json.history.map(({ at: _at, ...entry }) => entry);
    expect(await history()).toEqual(expected);
    await server.stop();
    server = await startServer({ dataDir: server.dataDir, env: { TRUST_PROXY: '127.0.0.1' } });
    expect(await history()).toEqual(expected);
    await admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Papers came.' }, owner);
    await server.kill();
    server = await startServer({ dataDir: server.dataDir, env: { TRUST_PROXY: '127.0.0.1' } });
    expect((await history()).at(-1)).toEqual({ by: 'owner', byId, type: 'note', text: 'Papers came.' });
  }, 60_000);

  test('Due lists today’s and overdue follow-ups that are still open', async () => {
    const id = await enquiry('Due today');
    await admin.patch(`/admin/api/enquiries/${id}`, { followUpOn: indiaDate() }, staff);
    const due = await admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?due=today', staff);
    expect(due.json.items.map((item) => item.name)).toContain('Due today');
    await admin.patch(`/admin/api/enquiries/${id}`, { status: 'closed', closedReason: 'other' }, staff);
    expect(
      (await admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?due=today', staff)).json.items.map((item) => item.name),
    ).not.toContain('Due today');
    const stats = await admin.get<DeskStats>('/admin/api/stats', staff);
    expect(stats.json.weeks).toHaveLength(12);
    expect(stats.json.byStatus.closed).toBeGreaterThanOrEqual(1);
  });

  test('CSV export has every page of the current filter, escaped for spreadsheets', async () => {
    for (let index = 0; index < 120; index++)
      await postJson(admin.url('/addcontactdata'), { name: `Export ${index}`, number: '7000000001', enquiry: 'other', consent: true });
    await enquiry('=HYPERLINK("http://evil.example")', '7000000002');
    const csv = await admin.get('/admin/api/enquiries.csv?q=Export', owner);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows).toHaveLength(121);
    expect(rows[0]).toMatch(/^Received \(India time\),Form,Status/);
    // A byte-order mark first, so Excel reads the file as UTF-8 (fetch's text() hides it).
    const raw = await fetch(admin.url('/admin/api/enquiries.csv?q=Export'), { headers: { Cookie: owner } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows.slice(1).every((row) => row.includes('Export '))).toBe(true);
    const all = await admin.get('/admin/api/enquiries.csv', owner);
    expect(all.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  }, 60_000);
});
