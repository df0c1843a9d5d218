import type { DeskStats, WeekCount } from '../../src/shared/deskStats';
import { ENQUIRY_FORMS, type FormKind } from '../../src/shared/forms/formSchemas';
import { addDays, indiaDate, mondayOf } from '../../src/shared/indiaTime';
import type { EnquiryRecord, StatsQuery } from './Store';
import type { OriginCount } from './VisitStore';

/** Where an enquiry came from when it has no source page, as the weekly chart groups it. */
export const DIRECT = '(direct)';

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The dashboard's weeks, India time, Monday to Sunday, the last `weeks` of them up to
 * `today`'s, each with no enquiries yet. Both stores count into it by day, so which week a
 * day belongs to is decided here only.
 */
export class WeekTable {
  readonly weeks: WeekCount[];
  /** The first day counted: the Monday of the first week. */
  readonly since: string;

  constructor(today: string, weeks: number) {
    this.since = addDays(mondayOf(today), -7 * (weeks - 1));
    this.weeks = Array.from({ length: weeks }, (_, index) => ({
      weekOf: addDays(this.since, 7 * index),
      byForm: Object.fromEntries(ENQUIRY_FORMS.map((form) => [form, 0])) as WeekCount['byForm'],
      bySource: {},
    }));
  }

  /** Counts `count` enquiries of one form and source on a day (YYYY-MM-DD, India time); false for a day outside the table. */
  add(day: string, form: FormKind, sourcePage: string | null | undefined, count = 1): boolean {
    const week = day < this.since ? undefined : this.weeks[Math.floor((Date.parse(day) - Date.parse(this.since)) / (7 * 86_400_000))];
    if (!week) return false;
    const source = sourcePage ?? DIRECT;
    week.byForm[form] += count;
    week.bySource[source] = (week.bySource[source] ?? 0) + count;
    return true;
  }
}

/** Hours to the first change of status, to one decimal, as the dashboard shows them. */
export const roundHours = (hours: number | null): number | null => (hours === null ? null : Math.round(hours * 10) / 10);

/**
 * The file store's dashboard from the records themselves: enquiries per week for the last
 * `weeks` weeks by form and by source page, the median time to the first change of status
 * for those weeks' enquiries, and counts by status and of follow-ups due.
 */
export function deskStatsOf(records: Iterable<EnquiryRecord>, { today, weeks, finalStatuses }: StatsQuery): DeskStats {
  const table = new WeekTable(today, weeks);
  const hours: number[] = [];
  const byStatus: Record<string, number> = {};
  let dueToday = 0;
  let overdue = 0;
  for (const record of records) {
    byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
    if (record.followUpOn !== null && !finalStatuses.includes(record.status)) {
      if (record.followUpOn === today) dueToday += 1;
      else if (record.followUpOn < today) overdue += 1;
    }
    if (!table.add(indiaDate(record.createdAt), record.form, record.sourcePage)) continue;
    if (record.firstStatusChangeAt) hours.push((Date.parse(record.firstStatusChangeAt) - Date.parse(record.createdAt)) / 3_600_000);
  }
  return { weeks: table.weeks, medianHoursToFirstStatusChange: roundHours(median(hours)), byStatus, dueToday, overdue };
}

/** Enquiries since a time by source page and origin, counted from the records themselves (the file store's way). */
export function originCountsOf(records: Iterable<EnquiryRecord>, since: string): OriginCount[] {
  const counts = new Map<string, OriginCount>();
  for (const record of records) {
    if (record.createdAt < since) continue;
    const campaign = record.origin?.campaign;
    const row = {
      sourcePage: record.sourcePage ?? null,
      source: campaign?.source ?? '',
      medium: campaign?.medium ?? '',
      campaign: campaign?.campaign ?? '',
      referrer: record.origin?.referrer ?? '',
    };
    const key = JSON.stringify(row);
    const before = counts.get(key);
    counts.set(key, { ...row, count: (before?.count ?? 0) + 1 });
  }
  return [...counts.values()];
}
