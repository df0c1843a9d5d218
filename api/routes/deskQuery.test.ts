import { describe, expect, test } from 'vitest';
import { indiaDate } from '../../src/shared/indiaTime';
import { realWorkflow } from '../../tests/helpers/siteData';
import { readFilters, readPage } from './deskQuery';

const params = (query: string) => new URLSearchParams(query);

describe('readFilters', () => {
  test('reads every filter the desk offers', () => {
    expect(
      readFilters(params('form=about&status=contacted&q= Patil &due=today&consent=missing&phone=9822012345'), realWorkflow, indiaDate()),
    ).toEqual({
      ok: true,
      query: {
        form: 'about',
        status: 'contacted',
        q: 'Patil',
        dueBy: { date: indiaDate(), finalStatuses: ['disbursed', 'closed'] },
        consentMissing: true,
        phone: '9822012345',
      },
    });
  });

  test('leaves out empty values, and names each bad one', () => {
    expect(readFilters(params('form=&status=&q=%20'), realWorkflow, indiaDate())).toEqual({ ok: true, query: {} });
    const check = readFilters(params(`form=web&status=won&q=${'x'.repeat(101)}&due=soon&consent=yes&phone=123`), realWorkflow, indiaDate());
    expect(check.ok ? [] : Object.keys(check.errors).sort()).toEqual(['consent', 'due', 'form', 'phone', 'q', 'status']);
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
