import { expect, test } from 'vitest';
import { fixtureWorkflow } from '../../tests/helpers/siteData';
import { applicationChangeProblems, nextApplicationStatuses, type Application } from './applications';

const application = (status: Application['status'], extra: Partial<Application> = {}): Application => ({
  id: 'a',
  enquiryId: 'e',
  lender: 'sbi',
  product: 'Term loan',
  amount: 100,
  status,
  createdAt: '2026-11-26T00:00:00.000Z',
  updatedAt: '2026-11-26T00:00:00.000Z',
  history: [],
  ...extra,
});

test('the steps go forward in order; a query raised goes back to submitted; an ended application stays ended', () => {
  expect(nextApplicationStatuses(application('preparing'))).toEqual(['submitted', 'query-raised', 'rejected', 'withdrawn']);
  expect(nextApplicationStatuses(application('query-raised'))).toEqual(['submitted', 'sanctioned', 'rejected', 'withdrawn']);
  expect(nextApplicationStatuses(application('sanctioned'))).toEqual(['disbursed', 'rejected', 'withdrawn']);
  for (const ended of ['disbursed', 'rejected', 'withdrawn'] as const) expect(nextApplicationStatuses(application(ended))).toEqual([]);
  expect(
    applicationChangeProblems(application('sanctioned', { sanctionedAmount: 100 }), { status: 'disbursed', disbursedAmount: 150 }),
  ).toEqual({
    disbursedAmount: 'The amount disbursed cannot be more than the amount sanctioned',
  });
  expect(applicationChangeProblems(application('submitted'), { status: 'preparing' })).toEqual({
    status: 'It cannot go back from submitted to preparing',
  });
});

test('the enquiry follows its applications by the rule of _desk.yaml: forward only, never out of a final status', () => {
  const follow = (current: string, ...statuses: Application['status'][]) =>
    fixtureWorkflow.statusFromApplications(
      current,
      statuses.map((status) => ({ status })),
    );
  expect(follow('new', 'preparing')).toBeUndefined();
  expect(follow('contacted', 'query-raised', 'rejected')).toBe('submitted');
  expect(follow('documents-pending', 'submitted', 'sanctioned')).toBe('sanctioned');
  expect(follow('sanctioned', 'disbursed', 'rejected')).toBe('disbursed');
  // Never backwards, never out of Closed.
  expect(follow('sanctioned', 'submitted')).toBeUndefined();
  expect(follow('closed', 'sanctioned')).toBeUndefined();
});
