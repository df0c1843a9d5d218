import { expect, test } from 'vitest';
import { manualClock } from '../../tests/helpers/manualClock';
import { useApiApp } from '../../tests/helpers/apiApp';

// Tuesday 24 November 2026, 11:00 in India.
const clock = manualClock();
const apiApp = useApiApp({}, clock);
const contact = (name: string, campaign?: string) => ({
  form: 'contact' as const,
  fields: { name, number: '+919822012345', enquiry: 'other' },
  sourcePage: '/pmegp',
  ...(campaign && { origin: { campaign: { source: 'google', medium: 'cpc', campaign } } }),
});

test('owners read the report of a period, by advisor name, page and campaign, and download it as a CSV with no cell a spreadsheet runs', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  const asha = (await store.accounts.find('asha'))!;
  const cookie = await logIn('owner');
  const made = await store.enquiries.add({
    ...contact('Formula', '=HYPERLINK("http://evil.example")'),
    assignee: { to: asha, rule: 'turns' },
  });
  await store.enquiries.add(contact('Plain'));
  await store.enquiries.recordContact(made._id, { channel: 'call', from: 'new', to: 'contacted' }, { id: asha.id, username: 'asha' });
  await store.enquiries.update(made._id, { status: 'closed', closedReason: 'not-eligible' }, { id: asha.id, username: 'asha' });
  const application = await store.applications.addApplication(
    { enquiryId: made._id, lender: 'sbi', product: 'Term loan', amount: 500000 },
    { id: asha.id, username: 'asha' },
  );
  const step = (from: 'preparing' | 'submitted', status: 'submitted' | 'rejected', extra = {}) =>
    store.applications.updateApplication(made._id, application!.id, { from, status, ...extra }, { id: asha.id, username: 'asha' });
  await step('preparing', 'submitted');
  await step('submitted', 'rejected', { reason: '+SUM(A1:A9)' });

  const answer = await call('GET', '/admin/api/stats/pipeline?from=2026-11-24&to=2026-11-24', { cookie });
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({
    from: '2026-11-24',
    to: '2026-11-24',
    targetMinutes: 60,
    total: {
      enquiries: 2,
      asked: { count: 1, amount: 500000 },
      submitted: { count: 1, amount: 500000 },
      losses: [{ reason: 'Not eligible', count: 1 }],
    },
    advisors: [
      { name: 'asha', enquiries: 1, firstResponse: { answered: 1, medianMinutes: 0 } },
      { key: null, name: 'Nobody', enquiries: 1 },
    ],
    sources: [{ key: '/pmegp', name: '/pmegp', enquiries: 2 }],
    campaigns: [
      { name: '=HYPERLINK("http://evil.example")', enquiries: 1, rejections: [{ reason: '+SUM(A1:A9)', count: 1 }] },
      { key: null, name: 'No campaign', enquiries: 1 },
    ],
  });
  // Without a period: the last 30 days, today included.
  expect((await call('GET', '/admin/api/stats/pipeline', { cookie })).json).toMatchObject({ from: '2026-10-26', to: '2026-11-24' });

  const csv = await call('GET', '/admin/api/stats/pipeline.csv?from=2026-11-24&to=2026-11-24', { cookie });
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(csv.headers.get('content-disposition')).toBe('attachment; filename="pipeline-2026-11-24-to-2026-11-24.csv"');
  const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toMatch(/^Kind,Name,Enquiries,Answered,/);
  expect(lines[1]).toMatch(/^Total,2026-11-24 to 2026-11-24,2,1,0,0,/);
  expect(lines).toContain(
    `Campaign,"'=HYPERLINK(""http://evil.example"")",1,1,0,0,0,0,,1,500000,1,500000,0,0,0,0,,'+SUM(A1:A9): 1,Not eligible: 1`,
  );
  for (const line of lines)
    expect(
      line.split(',').every((cell) => !/^"?[=+\-@]/.test(cell)),
      line,
    ).toBe(true);
  expect((await store.audit.list({ limit: 5 })).items[0]).toMatchObject({
    action: 'export',
    account: 'owner',
    detail: 'pipeline report, 2026-11-24 to 2026-11-24',
  });
});

test('a bad period gets a 400 naming its field; staff and editors are refused', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  await account('pages', 'editor');
  const cookie = await logIn('owner');
  const errors = async (query: string) => (await call('GET', `/admin/api/stats/pipeline?${query}`, { cookie })).json;
  expect(await errors('from=yesterday')).toEqual({
    message: 'Choose the period again.',
    errors: { from: 'from must be a day written YYYY-MM-DD, such as 2026-11-24' },
  });
  expect((await errors('from=2026-02-30&to=2026-13-01')).errors).toEqual({
    from: 'from must be a day written YYYY-MM-DD, such as 2026-11-24',
    to: 'to must be a day written YYYY-MM-DD, such as 2026-11-24',
  });
  expect((await errors('from=2026-11-20&to=2026-11-01')).errors).toEqual({ to: 'to must be the same day as from or later' });
  expect((await errors('from=1999-12-31')).errors).toEqual({ from: 'from must be 2000-01-01 or later' });
  expect((await call('GET', '/admin/api/stats/pipeline.csv?to=soon', { cookie })).status).toBe(400);

  for (const who of ['asha', 'pages']) {
    const other = await logIn(who);
    for (const path of ['/admin/api/stats/pipeline', '/admin/api/stats/pipeline.csv']) {
      const refused = await call('GET', path, { cookie: other });
      expect(refused.status, `${who} ${path}`).toBe(403);
    }
  }
  expect((await call('GET', '/admin/api/stats/pipeline')).status).toBe(401);
});
