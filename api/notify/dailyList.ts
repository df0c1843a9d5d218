import { DAILY_LIST_ITEMS, type DailyList, type DailyListSection } from '../../src/shared/dailyList';
import { indiaDate } from '../../src/shared/indiaTime';
import { workingDayOf, type WorkingHours } from '../../src/shared/workingTime';
import type { ListPage } from '../../src/shared/listPage';
import type { EnquirySummary, Store } from '../store/Store';
import { firstNameOf } from './escalationMessage';

export interface DailyListMoment {
  /** Now, in ms since the epoch. */
  now: number;
  /** The firm's working hours (_desk.yaml's first-response settings); every day from midnight without them. */
  hours: WorkingHours | undefined;
  /** The desk's final statuses now: their enquiries are never due or overdue. */
  finalStatuses: string[];
}

const section = ({ items, total }: ListPage<EnquirySummary>): DailyListSection => ({
  items: items.map((item) => ({
    id: item._id,
    reference: item.reference,
    firstName: firstNameOf(item.fields.name),
    createdAt: item.createdAt,
    followUpOn: item.followUpOn,
    firstResponseDueAt: item.firstResponseDueAt ?? null,
  })),
  total,
});

/**
 * One advisor's list for the working day holding `now`: their follow-ups due today or before, the
 * enquiries given to them since the working day before opened, and theirs past the first-response
 * target. The one builder of the e-mail at the start of the day and of the desk's Today panel, so
 * both show the same; each section holds at most DAILY_LIST_ITEMS and counts the rest.
 */
export async function dailyListOf(store: Store, accountId: string, { now, hours, finalStatuses }: DailyListMoment): Promise<DailyList> {
  const day = indiaDate(now);
  const since = new Date(workingDayOf(now, hours).previousOpening).toISOString();
  const theirs = { assigneeId: accountId, limit: DAILY_LIST_ITEMS };
  const [followUps, assigned, overdue] = await Promise.all([
    store.enquiries.list({ ...theirs, dueBy: { date: day, finalStatuses } }),
    store.enquiries.list({ ...theirs, assignedSince: since }),
    store.enquiries.list({ ...theirs, overdue: { now: new Date(now).toISOString(), finalStatuses } }),
  ]);
  const due = section(followUps);
  // The longest overdue follow-up first: the list is read top down.
  due.items.sort((a, b) => (a.followUpOn ?? '').localeCompare(b.followUpOn ?? ''));
  return { day, since, followUps: due, assigned: section(assigned), overdue: section(overdue) };
}
