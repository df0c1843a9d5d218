/**
 * An advisor's daily list, as the desk's Today panel shows it and the e-mail at the start of each
 * working day carries it (api/notify/dailyList.ts builds both). An enquirer is named by the first
 * word of their name only.
 */
export interface DailyList {
  /** The India date the list is for, YYYY-MM-DD. */
  day: string;
  /** New enquiries are those given to the advisor since this moment (ISO): the opening of the working day before. */
  since: string;
  /** Their enquiries with a follow-up due today or before, still open. */
  followUps: DailyListSection;
  /** Enquiries given to them since `since`. */
  assigned: DailyListSection;
  /** Their enquiries past the first-response target with no first contact. */
  overdue: DailyListSection;
}

export interface DailyListSection {
  /** The first of them, at most DAILY_LIST_ITEMS, newest first (follow-ups: the earliest date first). */
  items: DailyListItem[];
  /** How many there are in all. */
  total: number;
}

export interface DailyListItem {
  id: string;
  reference: string;
  /** The first word of the enquirer's name, letters only; null when it has none. */
  firstName: string | null;
  createdAt: string;
  followUpOn: string | null;
  firstResponseDueAt: string | null;
}

/** Each section of the list shows at most this many; the rest are counted and a link leads to them on the desk. */
export const DAILY_LIST_ITEMS = 20;
