import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { AuditEntry } from '../../src/shared/audit';
import type { ListPage } from '../../src/shared/listPage';
import { addDays, indiaDate } from '../../src/shared/indiaTime';
import { useDeskServer } from '../helpers/deskServer';

const desk = useDeskServer();

const { enquiry } = desk;

describe('the audit log', () => {
  test('records sign-ins, failures, changes, notes, exports, deletions and account changes, with no enquiry contents', async () => {
    const secret = { name: 'Audit Secretname', number: '9811122233', email: 'secret.person@example.in' };
    const id = await enquiry(secret.name, secret.number, { email: secret.email, message: 'Very private message' });
    await desk.admin.post('/admin/login', { username: 'priya', password: 'wrong one' });
    await desk.admin.patch(`/admin/api/enquiries/${id}`, { status: 'contacted', followUpOn: addDays(indiaDate(), 2) }, desk.staff);
    await desk.admin.post(`/admin/api/enquiries/${id}/notes`, { text: 'Secret note text' }, desk.staff);
    await desk.admin.get(`/admin/api/enquiries.csv?q=${encodeURIComponent(secret.name)}`, desk.owner);
    await desk.admin.post('/admin/api/accounts', { username: 'ravi', password: 'ravi pass phrase', role: 'staff' }, desk.owner);
    await desk.admin.patch('/admin/api/accounts/ravi', { role: 'owner' }, desk.owner);
    await desk.admin.del('/admin/api/accounts/ravi', desk.owner);
    await desk.admin.del(`/admin/api/enquiries/${id}`, desk.owner);

    const entries: AuditEntry[] = [];
    let cursor = '';
    do {
      const page = await desk.admin.get<ListPage<AuditEntry>>(`/admin/api/audit?limit=100${cursor ? `&cursor=${cursor}` : ''}`, desk.owner);
      entries.push(...page.json.items);
      cursor = page.json.nextCursor ?? '';
    } while (cursor);
    const about = (action: string) => entries.filter((entry) => entry.action === action);
    expect(about('sign-in').length).toBeGreaterThanOrEqual(2);
    expect(about('sign-in-failed')).toContainEqual(expect.objectContaining({ account: 'priya', detail: 'wrong password' }));
    expect(about('status-change')).toContainEqual(expect.objectContaining({ account: 'priya', enquiryId: id, detail: 'new → contacted' }));
    expect(about('follow-up')).toContainEqual(expect.objectContaining({ account: 'priya', enquiryId: id }));
    expect(about('note')).toContainEqual(expect.objectContaining({ account: 'priya', enquiryId: id }));
    expect(about('export')).toContainEqual(expect.objectContaining({ account: 'owner', detail: '1 enquiry' }));
    expect(about('delete')).toContainEqual(expect.objectContaining({ account: 'owner', enquiryId: id }));
    expect(about('account-add').map((entry) => entry.detail)).toContain('ravi (staff)');
    expect(about('account-role').map((entry) => entry.detail)).toContain('ravi: staff → owner');
    expect(about('account-remove').map((entry) => entry.detail)).toContain('ravi (owner)');
    // Newest first, and nothing a visitor wrote, in the answer or anywhere in the files.
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
    const auditFiles = readdirSync(path.join(desk.server.dataDir, 'audit')).map((name) =>
      readFileSync(path.join(desk.server.dataDir, 'audit', name), 'utf8'),
    );
    for (const text of [JSON.stringify(entries), ...auditFiles]) {
      for (const value of ['Secretname', '9811122233', 'secret.person', 'Very private', 'Secret note']) expect(text).not.toContain(value);
    }
  }, 60_000);
});
