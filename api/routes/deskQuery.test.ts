import { describe, expect, test } from 'vitest';
import { indiaDate } from '../../src/shared/indiaTime';
import { fixtureWorkflow } from '../../tests/helpers/siteData';
import { readFilters, readPage } from './deskQuery';

const params = (query: string) => new URLSearchParams(query);
const asha = { id: 'id-asha', username: 'asha', role: 'staff' as const, passwordHash: 'x', createdAt: '2026-11-01T00:00:00.000Z' };
const read = (query: string) =>
  readFilters(params(query), fixtureWorkflow, Date.now(), 'id-me', (name) => Promise.resolve(name === 'asha' ? asha : undefined));

describe('readFilters', () => {
  test('reads every filter the desk offers', async () => {
    expect(await read('form=about&status=contacted&q= Patil &due=today&consent=missing&phone=9822012345&assignedTo=me')).toEqual({
      ok: true,
      query: {
        form: 'about',
        status: 'contacted',
        q: 'Patil',
        dueBy: { date: indiaDate(), finalStatuses: ['disbursed', 'closed'] },
        consentMissing: true,
        phone: '9822012345',
        assigneeId: 'id-me',
      },
    });
    expect(await read('assignedTo=none')).toEqual({ ok: true, query: { assigneeId: null } });
    expect(await read('overdue=1')).toEqual({
      ok: true,
      query: { overdue: { now: expect.any(String) as string, finalStatuses: ['disbursed', 'closed'] } },
    });
    expect(await read('assignedTo=asha')).toEqual({ ok: true, query: { assigneeId: 'id-asha' } });
  });

  test('leaves out empty values, and names each bad one', async () => {
    expect(await read('form=&status=&q=%20&assignedTo=')).toEqual({ ok: true, query: {} });
    const check = await read(`form=web&status=won&q=${'x'.repeat(101)}&due=soon&consent=yes&phone=123&assignedTo=nobody&overdue=yes`);
    expect(check.ok ? [] : Object.keys(check.errors).sort()).toEqual([
      'assignedTo',
      'consent',
      'due',
      'form',
      'overdue',
      'phone',
      'q',
      'status',
    ]);
  });
});

describe('readPage', () => {
  test('50 by default, at most 100, with an optional cursor', () => {
    expect(readPage(params(''))).toEqual({ ok: true, limit: 50 });
    expect(readPage(params('limit=100&cursor=42'))).toEqual({ ok: true, limit: 100, cursor: '42' });
    for (const limit of ['0', '101', '1.5', 'many']) expect(readPage(params(`limit=${limit}`)).ok, limit).toBe(false);
    expect(readPage(params(`cursor=${'c'.repeat(65)}`)).ok).toBe(false);
  });
});
