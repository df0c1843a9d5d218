import { expect, test } from 'vitest';
import type { Board } from '../../src/shared/board';
import { manualClock } from '../../tests/helpers/manualClock';
import { useApiApp } from '../../tests/helpers/apiApp';

// Tuesday 24 November 2026, 11:00 in India.
const clock = manualClock();
const apiApp = useApiApp({}, clock);
const contact = (name: string) => ({
  form: 'contact' as const,
  fields: { name, number: '+919822012345', enquiry: 'other' },
  sourcePage: '/pmegp',
});

test('the board: a column per open status with its cards, Mine, the next page of one column; the cards count as staff reads', async () => {
  const { call, account, logIn, store } = await apiApp();
  await account('owner');
  await account('asha', 'staff');
  const asha = (await store.accounts.find('asha'))!;
  const made = [];
  for (let index = 0; index < 14; index++) made.push(await store.enquiries.add(contact(`Visitor ${index}`)));
  await store.enquiries.update(made[0]!._id, { status: 'sanctioned', assignment: { to: asha } }, { id: asha.id, username: 'asha' });
  await store.applications.addApplication({ enquiryId: made[0]!._id, lender: 'sbi', product: 'Term loan', amount: 900000 }, asha);
  await store.enquiries.update(made[1]!._id, { status: 'closed', closedReason: 'duplicate' }, { id: asha.id, username: 'asha' });
  await clock.advance(3 * 86_400_000);
  const owner = await logIn('owner');

  const board = (await call('GET', '/admin/api/board', { cookie: owner })).json as unknown as Board;
  expect(board.columns.map((column) => [column.status, column.total, column.items.length])).toEqual([
    ['new', 12, 10],
    ['contacted', 0, 0],
    ['documents-pending', 0, 0],
    ['submitted', 0, 0],
    ['sanctioned', 1, 1],
  ]);
  expect(board.columns[4]!.items[0]).toEqual({
    _id: made[0]!._id,
    reference: made[0]!.reference,
    name: 'Visitor 0',
    product: 'Term loan',
    amount: 900000,
    lender: 'State Bank of India',
    assignedTo: 'asha',
    createdAt: made[0]!.createdAt,
    inStageSince: made[0]!.createdAt,
    daysInStage: 3,
    overdue: false,
    followUpOverdue: false,
  });
  expect(board.columns[0]!.items[0]).toMatchObject({ name: 'Visitor 13', product: '/pmegp', amount: null, assignedTo: null });
  expect(board.columns[0]!.nextCursor).not.toBeNull();
  const more = (await call('GET', `/admin/api/board?stage=new&cursor=${board.columns[0]!.nextCursor}`, { cookie: owner }))
    .json as unknown as Board;
  expect(more.columns.map((column) => [column.status, column.items.map((card) => card.name), column.nextCursor])).toEqual([
    ['new', ['Visitor 3', 'Visitor 2'], null],
  ]);

  const staff = await logIn('asha');
  const mine = (await call('GET', '/admin/api/board?assignedTo=me', { cookie: staff })).json as unknown as Board;
  expect(mine.columns.map((column) => column.total)).toEqual([0, 0, 0, 0, 1]);
  await call('GET', '/admin/api/board', { cookie: staff });
  expect((await store.windows.count('reads:' + asha.id, 3_600_000, 0)).count).toBe(12);
  expect((await store.audit.list({ limit: 1 })).items[0]).toMatchObject({ action: 'read', account: 'asha', detail: 'board: 11 records' });
});

test('bad board parameters get a 400 naming the field; an editor is refused', async () => {
  const { call, account, logIn } = await apiApp();
  await account('owner');
  await account('pages', 'editor');
  const cookie = await logIn('owner');
  const errors = async (query: string) => (await call('GET', `/admin/api/board?${query}`, { cookie })).json;
  expect(await errors('assignedTo=asha')).toEqual({
    message: 'Some values need correcting.',
    errors: { assignedTo: 'assignedTo can only be me, or left out for everyone’s' },
  });
  expect((await errors('stage=closed')).errors).toEqual({ stage: 'stage must be one of the desk’s open statuses' });
  expect((await errors('cursor=12')).errors).toEqual({ cursor: 'A cursor goes with the stage it came from' });
  expect((await errors('stage=new&cursor=later')).errors).toEqual({ cursor: 'The cursor is not one this list gave out.' });
  expect((await call('GET', '/admin/api/board', { cookie: await logIn('pages') })).status).toBe(403);
  expect((await call('GET', '/admin/api/board')).status).toBe(401);
});
