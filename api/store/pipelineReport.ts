import type { Application, ApplicationStatus } from '../../src/shared/applications';
import { MAX_PIPELINE_ROWS, OTHER_KEY, type AmountCount, type PipelineFigures, type ReasonCount } from '../../src/shared/pipeline';
import type { WorkingWeek } from '../../src/shared/workingTime';
import { isoMs } from './isoMs';

/**
 * What both stores share of the pipeline report: the question, the raw figures each counts per
 * group, and everything after the counting (which rows are listed, percentiles, rounding, the order
 * of rows and reasons), so the two cannot differ there.
 */
export interface PipelineQuery {
  /** The period as instants (ISO): enquiries received from `since` (included) to `until` (excluded). */
  since: string;
  until: string;
  /** Targets not reached by now count as missed once past. */
  now: string;
  /** The working week first responses are counted in. */
  week: WorkingWeek;
  /** The statuses of lost enquiries (those that ask for a closing reason). */
  lostStatuses: string[];
  /** The accounts listed as advisors (owners and staff, by id); an enquiry of any other account counts as nobody's. */
  advisors: string[];
}

/** The figures of one group as a store counts them: times in ms, reasons by their text or closing reason's id. */
export interface RawFigures {
  enquiries: number;
  answered: number;
  responseMedianMs: number | null;
  responseP90Ms: number | null;
  within: number;
  of: number;
  asked: AmountCount;
  submitted: AmountCount;
  sanctioned: AmountCount;
  disbursed: AmountCount;
  sanctionMedianMs: number | null;
  rejections: Map<string, number>;
  losses: Map<string, number>;
}

export type KeyedFigures = PipelineFigures & { key: string | null };

/** The report as a store answers it; the route names the rows and the closing reasons. */
export interface StorePipelineReport {
  total: PipelineFigures;
  advisors: KeyedFigures[];
  sources: KeyedFigures[];
  campaigns: KeyedFigures[];
}

/** Reasons listed one by one in a row; the rest are one "(other reasons)" line. */
export const MAX_REASONS = 10;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const emptyRaw = (): RawFigures => ({
  enquiries: 0,
  answered: 0,
  responseMedianMs: null,
  responseP90Ms: null,
  within: 0,
  of: 0,
  asked: { count: 0, amount: 0 },
  submitted: { count: 0, amount: 0 },
  sanctioned: { count: 0, amount: 0 },
  disbursed: { count: 0, amount: 0 },
  sanctionMedianMs: null,
  rejections: new Map(),
  losses: new Map(),
});

/**
 * PostgreSQL's percentile_cont over values sorted ascending, computed as it computes it (the
 * two neighbours, interpolated as lo + p × (hi − lo) in doubles), so both stores give the same figure.
 */
export function percentileCont(sorted: ArrayLike<number>, percentile: number): number | null {
  if (sorted.length === 0) return null;
  const position = percentile * (sorted.length - 1);
  const first = Math.floor(position);
  const second = Math.ceil(position);
  const low = sorted[first]!;
  return second > first ? low + (position - first) * (sorted[second]! - low) : low;
}

/** Strings in the order of their code points (PostgreSQL's "C" collation, not JavaScript's UTF-16 order). */
export const byCodePoint = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The keys listed one by one: the MAX_PIPELINE_ROWS with the most enquiries (ties by key); none (null) always is. */
export function listedKeys(counts: Iterable<[string | null, number]>): Set<string> {
  const named = [...counts].filter((entry): entry is [string, number] => entry[0] !== null);
  named.sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]));
  return new Set(named.slice(0, MAX_PIPELINE_ROWS).map(([key]) => key));
}

/** The row a key counts in: itself when listed, none for none, else the row of the rest. */
export const rowOf = (key: string | null, listed: ReadonlySet<string>, rest: string | null = OTHER_KEY): string | null =>
  key === null ? null : listed.has(key) ? key : rest;

function reasonList(reasons: Map<string, number>): ReasonCount[] {
  const sorted = [...reasons].sort((a, b) => b[1] - a[1] || byCodePoint(a[0], b[0]));
  const listed = sorted.slice(0, MAX_REASONS).map(([reason, count]) => ({ reason, count }));
  const rest = sorted.slice(MAX_REASONS).reduce((sum, [, count]) => sum + count, 0);
  return rest > 0 ? [...listed, { reason: OTHER_KEY, count: rest }] : listed;
}

const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / MINUTE_MS));

export function figuresOf(raw: RawFigures): PipelineFigures {
  return {
    enquiries: raw.enquiries,
    firstResponse: { answered: raw.answered, medianMinutes: minutes(raw.responseMedianMs), p90Minutes: minutes(raw.responseP90Ms) },
    withinTarget: { within: raw.within, of: raw.of },
    asked: raw.asked,
    submitted: raw.submitted,
    sanctioned: raw.sanctioned,
    disbursed: raw.disbursed,
    medianDaysToSanction: raw.sanctionMedianMs === null ? null : Math.round((raw.sanctionMedianMs * 10) / DAY_MS) / 10,
    rejections: reasonList(raw.rejections),
    losses: reasonList(raw.losses),
  };
}

/** Rows with the most enquiries first (ties by key), none and the rest last. */
export function keyedRows(rows: Map<string | null, RawFigures>): KeyedFigures[] {
  const rank = (key: string | null) => (key === null ? 1 : key === OTHER_KEY ? 2 : 0);
  return [...rows]
    .sort(([a, x], [b, y]) => rank(a) - rank(b) || y.enquiries - x.enquiries || byCodePoint(a ?? '', b ?? ''))
    .map(([key, raw]) => ({ key, ...figuresOf(raw) }));
}

/**
 * A group's figures as a store adds them up: the counts and amounts, and every first-response and
 * days-to-sanction value, whose percentiles are worked out here the same way for both stores.
 */
/** Values for a percentile, one at a time or a list at a time, sorted once when all are in. */
export class Values {
  private readonly single: number[] = [];
  private readonly lists: Float64Array[] = [];

  push(value: number) {
    this.single.push(value);
  }

  pushAll(values: Float64Array) {
    this.lists.push(values);
  }

  sorted(): Float64Array {
    const all = new Float64Array(this.lists.reduce((length, list) => length + list.length, this.single.length));
    all.set(this.single);
    let at = this.single.length;
    for (const list of this.lists) {
      all.set(list, at);
      at += list.length;
    }
    // Typed arrays sort numbers natively, several times faster than with a comparator.
    return all.sort();
  }
}

export class Tally {
  readonly raw = emptyRaw();
  readonly responses = new Values();
  readonly sanctions = new Values();

  figures(): RawFigures {
    const responses = this.responses.sorted();
    const sanctions = this.sanctions.sorted();
    return {
      ...this.raw,
      responseMedianMs: percentileCont(responses, 0.5),
      responseP90Ms: percentileCont(responses, 0.9),
      sanctionMedianMs: percentileCont(sanctions, 0.5),
    };
  }
}

/** The tallies of one way of grouping, by row. */
export class TallyRows {
  private readonly tallies = new Map<string | null, Tally>();

  of(key: string | null): Tally {
    let tally = this.tallies.get(key);
    if (!tally) this.tallies.set(key, (tally = new Tally()));
    return tally;
  }

  keyed(): KeyedFigures[] {
    return keyedRows(new Map([...this.tallies].map(([key, tally]) => [key, tally.figures()])));
  }
}

/** Applications added up: how many reached each step, and their amounts there. */
export interface StepCounts {
  /** Enquiries with an application that reached a lender (one per enquiry), and what they asked: each one's largest such application. */
  asked: number;
  askedAmount: number;
  submitted: number;
  submittedAmount: number;
  sanctioned: number;
  sanctionedAmount: number;
  disbursed: number;
  disbursedAmount: number;
}

/** Adds applications' steps to a group's figures: the one adding-up of both stores. */
export function addSteps(raw: RawFigures, steps: StepCounts) {
  raw.asked.count += steps.asked;
  raw.asked.amount += steps.askedAmount;
  raw.submitted.count += steps.submitted;
  raw.submitted.amount += steps.submittedAmount;
  raw.sanctioned.count += steps.sanctioned;
  raw.sanctioned.amount += steps.sanctionedAmount;
  raw.disbursed.count += steps.disbursed;
  raw.disbursed.amount += steps.disbursedAmount;
}

/** Adds `count` of one reason to a group's rejections or losses. */
export const addReason = (reasons: Map<string, number>, reason: string, count = 1) =>
  reasons.set(reason, (reasons.get(reason) ?? 0) + count);

/** The steps at which an application has gone to its lender: submitted, or straight to a query. */
export const SUBMITTED_STEPS: readonly ApplicationStatus[] = ['submitted', 'query-raised'];

/** When an application first reached one of `steps`, from its history (ISO), if it has. */
export function firstReached(application: Pick<Application, 'history'>, steps: readonly ApplicationStatus[]): string | undefined {
  let first: string | undefined;
  for (const event of application.history)
    if (steps.includes(event.status) && (first === undefined || isoMs(event.at) < isoMs(first))) first = event.at;
  return first;
}
