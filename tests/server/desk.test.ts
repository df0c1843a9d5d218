import { describe, expect, test } from 'vitest';
import type { DeskEnquiry, DeskEnquiryDetail } from '../../src/shared/deskEnquiry';
import type { DeskStats } from '../../src/shared/deskStats';
import type { ListPage } from '../../src/shared/listPage';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { OWNER, STAFF, useDeskServer } from '../helpers/deskServer';
import { startServer } from '../helpers/server';
import { postJson } from '../helpers/storedData';

const desk = useDeskServer();

const { enquiry } = desk;

describe('roles', () => {
  test('staff read, change status, add notes and set follow-ups', async () => {
    const id = await enquiry('Staff work');
    expect((await desk.admin.get('/admin/api/enquiries', desk.staff)).status).toBe(200);
    expect((await desk.admin.get(`/admin/api/enquiries/${id}`, desk.staff)).status).toBe(200);
    expect(
      (await desk.admin.patch(`/admin/api/enquiries/${id}`, { status: 'contacted', followUpOn: addDays(indiaDate(), 1) }, desk.staff))
        .status,
    ).toBe(200);
    expect((await desk.admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Spoke to her.' }, desk.staff)).status).toBe(201);
    expect((await desk.admin.get('/admin/api/stats', desk.staff)).status).toBe(200);
  });

  test('every owner-only action is refused to staff with 403 and a clear message, and nothing changes', async () => {
    const id = await enquiry('Not for staff');
    const refused = [
      await desk.admin.del(`/admin/api/enquiries/${id}`, desk.staff),
      await desk.admin.post('/deletecontact', { cid: id }, desk.staff),
      await desk.admin.get('/admin/api/enquiries.csv', desk.staff),
      await desk.admin.get('/admin/api/accounts', desk.staff),
      await desk.admin.post('/admin/api/accounts', { username: 'sneaky', password: 'sneaky pass 1', role: 'owner' }, desk.staff),
      await desk.admin.patch(`/admin/api/accounts/${STAFF.username}`, { role: 'owner' }, desk.staff),
      await desk.admin.del(`/admin/api/accounts/${OWNER.username}`, desk.staff),
      await desk.admin.get('/admin/api/audit', desk.staff),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    expect(refused[0]!.json.message).toBe('Only an owner can delete enquiries. Ask an owner of this account if it needs doing.');
    expect(refused[2]!.json.message).toMatch(/^Only an owner can export enquiries/);
    expect((await desk.admin.get(`/admin/api/enquiries/${id}`, desk.owner)).status).toBe(200);
    expect((await desk.admin.get<{ items: { username: string; role: string }[] }>('/admin/api/accounts', desk.owner)).json.items).toEqual([
      expect.objectContaining({ username: 'owner', role: 'owner' }),
      expect.objectContaining({ username: 'priya', role: 'staff' }),
    ]);
  });

  test('owners delete; a removed account’s session ends at once; the last owner cannot be removed or made staff', async () => {
    const id = await enquiry('To delete');
    expect((await desk.admin.del(`/admin/api/enquiries/${id}`, desk.owner)).json).toEqual({ message: 'The enquiry has been deleted.' });
    expect((await desk.admin.get(`/admin/api/enquiries/${id}`, desk.owner)).status).toBe(404);
    expect((await desk.admin.del(`/admin/api/enquiries/${id}`, desk.owner)).status).toBe(404);

    await desk.admin.post('/admin/api/accounts', { username: 'temp', password: 'temp first pass', role: 'staff' }, desk.owner);
    const temp = await desk.admin.firstSignIn('temp', 'temp first pass', 'temp pass phrase');
    expect((await desk.admin.get('/admin/api/enquiries', temp)).status).toBe(200);
    expect((await desk.admin.del('/admin/api/accounts/temp', desk.owner)).status).toBe(200);
    expect((await desk.admin.get('/admin/api/enquiries', temp)).status).toBe(401);

    expect((await desk.admin.del(`/admin/api/accounts/${OWNER.username}`, desk.owner)).status).toBe(409);
    const demote = await desk.admin.patch(`/admin/api/accounts/${OWNER.username}`, { role: 'staff' }, desk.owner);
    expect(demote.status).toBe(409);
    expect(demote.json.message).toMatch(/only owner account/);
  });

  test('adding an account checks its fields, refuses a taken name and a common password', async () => {
    const bad = await desk.admin.post('/admin/api/accounts', { username: 'x', password: '123', role: 'boss' }, desk.owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors!).sort()).toEqual(['password', 'role', 'username']);
    expect(
      (await desk.admin.post('/admin/api/accounts', { username: 'PRIYA', password: 'another pass 9', role: 'staff' }, desk.owner)).status,
    ).toBe(409);
    const common = await desk.admin.post('/admin/api/accounts', { username: 'ravi', password: 'password123', role: 'staff' }, desk.owner);
    expect(Object.keys(common.json.errors!)).toEqual(['password']);
    expect(common.json.errors!.password).toMatch(/most common/);
  });
});

describe('the enquiry API', () => {
  test('lists newest first in pages of at most 100, with a total and a cursor; bad queries get field errors', async () => {
    for (let index = 0; index < 3; index++) await enquiry(`Page ${index}`);
    const first = await desk.admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?limit=2&q=Page', desk.owner);
    expect(first.json.items.map((item) => item.name)).toEqual(['Page 2', 'Page 1']);
    expect(first.json.total).toBe(3);
    const second = await desk.admin.get<ListPage<DeskEnquiry>>(
      `/admin/api/enquiries?limit=2&q=Page&cursor=${encodeURIComponent(first.json.nextCursor!)}`,
      desk.owner,
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
    const bad = await desk.admin.get('/admin/api/enquiries?form=other&status=won&limit=500&due=tomorrow&cursor=zzz', desk.owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors!).sort()).toEqual(['due', 'form', 'limit', 'status']);
    expect((await desk.admin.get('/admin/api/enquiries?cursor=zzz', desk.owner)).json.errors).toEqual({
      cursor: 'The cursor is not one this list gave out.',
    });
  });

  test('one number however written: each enquiry counts the others, and search finds them by any spelling', async () => {
    const spellings = ['+91 98220 12345', '09822012345', '9822012345'];
    for (const [index, number] of spellings.entries()) await enquiry(`Same person ${index}`, number);
    for (const spelling of spellings) {
      const found = await desk.admin.get<ListPage<DeskEnquiry>>(`/admin/api/enquiries?q=${encodeURIComponent(spelling)}`, desk.owner);
      expect(found.json.items.map((item) => [item.name, item.duplicates])).toEqual([
        ['Same person 2', 2],
        ['Same person 1', 2],
        ['Same person 0', 2],
      ]);
    }
    expect((await desk.admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?phone=9822012345', desk.owner)).json.total).toBe(3);
  });

  test('changes are checked against the desk’s statuses, reasons and dates, each wrong value with its own message', async () => {
    const id = await enquiry('Checks');
    const change = (body: unknown) => desk.admin.patch(`/admin/api/enquiries/${id}`, body, desk.owner);
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
    expect((await desk.admin.post(`/admin/api/enquiries/${id}/notes`, { text: '   ' }, desk.owner)).json.errors).toEqual({
      text: 'Write the note',
    });
    const closed = await change({ status: 'closed', closedReason: 'duplicate' });
    expect(closed.json).toMatchObject({ status: 'closed', closedReason: 'duplicate' });
    for (const answer of [
      await desk.admin.get('/admin/api/enquiries/no-such-id', desk.owner),
      await desk.admin.patch('/admin/api/enquiries/no-such-id', { status: 'contacted' }, desk.owner),
      await desk.admin.post('/admin/api/enquiries/no-such-id/notes', { text: 'x' }, desk.owner),
    ]) {
      expect(answer.status).toBe(404);
    }
  });

  test('the enquiry shows its whole history, with who and when, and it is there after a restart and after kill -9', async () => {
    const id = await enquiry('History');
    const tomorrow = addDays(indiaDate(), 1);
    await desk.admin.patch(`/admin/api/enquiries/${id}`, { status: 'contacted', followUpOn: tomorrow }, desk.staff);
    await desk.admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Asked for bank statements.' }, desk.staff);
    await desk.admin.patch(`/admin/api/enquiries/${id}`, { status: 'documents-pending' }, desk.owner);
    // Each entry names the account as it was called then, and by the id a later rename keeps.
    const byId = expect.stringMatching(/^[0-9a-f-]{36}$/) as string;
    const expected = [
      { by: 'priya', byId, type: 'status', from: 'new', to: 'contacted' },
      { by: 'priya', byId, type: 'follow-up', on: tomorrow },
      { by: 'priya', byId, type: 'note', text: 'Asked for bank statements.' },
      { by: 'owner', byId, type: 'status', from: 'contacted', to: 'documents-pending' },
    ];
    const history = async () =>
      (await desk.admin.get<DeskEnquiryDetail>(`/admin/api/enquiries/${id}`, desk.owner)).json.history.map(
        ({ at: _at, ...entry }) => entry,
      );
    expect(await history()).toEqual(expected);
    await desk.server.stop();
    desk.server = await startServer({ dataDir: desk.server.dataDir, env: { TRUST_PROXY: '127.0.0.1' } });
    expect(await history()).toEqual(expected);
    await desk.admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Papers came.' }, desk.owner);
    await desk.server.kill();
    desk.server = await startServer({ dataDir: desk.server.dataDir, env: { TRUST_PROXY: '127.0.0.1' } });
    expect((await history()).at(-1)).toEqual({ by: 'owner', byId, type: 'note', text: 'Papers came.' });
  }, 60_000);

  test('Due lists today’s and overdue follow-ups that are still open', async () => {
    const id = await enquiry('Due today');
    await desk.admin.patch(`/admin/api/enquiries/${id}`, { followUpOn: indiaDate() }, desk.staff);
    const due = await desk.admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?due=today', desk.staff);
    expect(due.json.items.map((item) => item.name)).toContain('Due today');
    await desk.admin.patch(`/admin/api/enquiries/${id}`, { status: 'closed', closedReason: 'other' }, desk.staff);
    expect(
      (await desk.admin.get<ListPage<DeskEnquiry>>('/admin/api/enquiries?due=today', desk.staff)).json.items.map((item) => item.name),
    ).not.toContain('Due today');
    const stats = await desk.admin.get<DeskStats>('/admin/api/stats', desk.staff);
    expect(stats.json.weeks).toHaveLength(12);
    expect(stats.json.byStatus.closed).toBeGreaterThanOrEqual(1);
  });

  test('CSV export has every page of the current filter, escaped for spreadsheets', async () => {
    for (let index = 0; index < 120; index++)
      await postJson(desk.admin.url('/addcontactdata'), { name: `Export ${index}`, number: '7000000001', enquiry: 'other', consent: true });
    await enquiry('=HYPERLINK("http://evil.example")', '7000000002');
    const csv = await desk.admin.get('/admin/api/enquiries.csv?q=Export', desk.owner);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows).toHaveLength(121);
    expect(rows[0]).toMatch(/^Received \(India time\),Form,Status/);
    // A byte-order mark first, so Excel reads the file as UTF-8 (fetch's text() hides it).
    const raw = await fetch(desk.admin.url('/admin/api/enquiries.csv?q=Export'), { headers: { Cookie: desk.owner } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(rows.slice(1).every((row) => row.includes('Export '))).toBe(true);
    const all = await desk.admin.get('/admin/api/enquiries.csv', desk.owner);
    expect(all.text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  }, 60_000);
});
