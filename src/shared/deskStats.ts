import type { FormKind } from './forms/formSchemas';

/** The desk's dashboard figures: enquiries by week, form and source, and how the desk is keeping up. */
export interface WeekCount {
  /** The Monday that starts the week, YYYY-MM-DD, India time. */
  weekOf: string;
  byForm: Record<FormKind, number>;
  bySource: Record<string, number>;
}

export interface DeskStats {
  weeks: WeekCount[];
  /** Median hours from an enquiry's arrival to its first change of status, over those changed; null when none has been. */
  medianHoursToFirstStatusChange: number | null;
  byStatus: Record<string, number>;
  dueToday: number;
  overdue: number;
}
