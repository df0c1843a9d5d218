import type { DeskStats, WeekCount } from '../../../src/shared/desk';
import { addDays, indiaDate, mondayOf } from '../../../src/shared/indiaTime';
import type { EnquiryRecord, StatsQuery } from '../Store';

/** Where an enquiry came from, as the weekly chart groups it. */
export const DIRECT = '(direct)';

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The desk's dashboard from the records themselves: enquiries per week (India time,
 * weeks from Monday) for the last `weeks` weeks by form and by source page, the median
 * time to the first change of status for those weeks' enquiries, and counts by status.
 */
export function deskStatsOf(records: Iterable<EnquiryRecord>, { today, weeks, finalStatuses }: StatsQuery): DeskStats {
  const firstWeek = addDays(mondayOf(today), -7 * (weeks - 1));
  const table: WeekCount[] = Array.from({ length: weeks }, (_, index) => ({
    weekOf: addDays(firstWeek, 7 * index),
    byForm: { contact: 0, about: 0 },
    bySource: {},
  }));
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
    const day = indiaDate(record.createdAt);
    if (day < firstWeek) continue;
    const week = table[Math.floor((Date.parse(mondayOf(day)) - Date.parse(firstWeek)) / (7 * 86_400_000))];
    if (!week) continue;
    week.byForm[record.form] += 1;
    const source = record.sourcePage ?? DIRECT;
    week.bySource[source] = (week.bySource[source] ?? 0) + 1;
    if (record.firstStatusChangeAt) hours.push((Date.parse(record.firstStatusChangeAt) - Date.parse(record.createdAt)) / 3_600_000);
  }
  const middle = median(hours);
  return {
    weeks: table,
    medianHoursToFirstStatusChange: middle === null ? null : Math.round(middle * 10) / 10,
    byStatus,
    dueToday,
    overdue,
  };
}
