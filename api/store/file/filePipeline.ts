import type { Application } from '../../../src/shared/applications';
import { workingMsBetween } from '../../../src/shared/workingTime';
import {
  emptyRaw,
  figuresOf,
  firstReached,
  keyedRows,
  listedKeys,
  percentileCont,
  rowOf,
  SUBMITTED_STEPS,
  type PipelineQuery,
  type RawFigures,
  type StorePipelineReport,
} from '../pipelineReport';
import { isoMs } from '../isoMs';
import type { EnquiryRecord } from '../Store';

/** What the report reads of an application. */
export type ApplicationFacts = Pick<Application, 'status' | 'amount' | 'reason' | 'sanctionedAmount' | 'disbursedAmount' | 'history'>;

/** One enquiry's part in the report, and the rows it counts in before the quieter ones are added up. */
interface Counted {
  advisor: string | null;
  source: string | null;
  campaign: string | null;
  responseMs: number | null;
  /** Answered by its target; its outcome known (answered, or past the target). */
  within: boolean;
  known: boolean;
  /** Its applications added up; undefined when it has none. */
  applications: Steps | undefined;
  sanctionMs: number | null;
  loss: string | null;
}

interface Steps {
  submitted: number;
  submittedAmount: number;
  sanctioned: number;
  sanctionedAmount: number;
  disbursed: number;
  disbursedAmount: number;
  rejections: string[];
  /** The first sanction of any of them (ms), Infinity for none. */
  firstSanction: number;
}

/** A group's figures as they are added up, enquiry by enquiry. */
class Tally {
  private readonly raw = emptyRaw();
  private readonly responses: number[] = [];
  private readonly sanctions: number[] = [];

  add(enquiry: Counted) {
    const raw = this.raw;
    raw.enquiries += 1;
    if (enquiry.responseMs !== null) {
      raw.answered += 1;
      this.responses.push(enquiry.responseMs);
    }
    if (enquiry.known) raw.of += 1;
    if (enquiry.within) raw.within += 1;
    if (enquiry.sanctionMs !== null) this.sanctions.push(enquiry.sanctionMs);
    if (enquiry.loss !== null) raw.losses.set(enquiry.loss, (raw.losses.get(enquiry.loss) ?? 0) + 1);
    const steps = enquiry.applications;
    if (!steps) return;
    raw.submitted.count += steps.submitted;
    raw.submitted.amount += steps.submittedAmount;
    raw.sanctioned.count += steps.sanctioned;
    raw.sanctioned.amount += steps.sanctionedAmount;
    raw.disbursed.count += steps.disbursed;
    raw.disbursed.amount += steps.disbursedAmount;
    for (const reason of steps.rejections) raw.rejections.set(reason, (raw.rejections.get(reason) ?? 0) + 1);
  }

  figures(): RawFigures {
    // Typed arrays sort numbers natively, several times faster than with a comparator.
    const responses = Float64Array.from(this.responses).sort();
    const sanctions = Float64Array.from(this.sanctions).sort();
    return {
      ...this.raw,
      responseMedianMs: percentileCont(responses, 0.5),
      responseP90Ms: percentileCont(responses, 0.9),
      sanctionMedianMs: percentileCont(sanctions, 0.5),
    };
  }
}

function tallied(enquiries: readonly Counted[], keyOf: (enquiry: Counted) => string | null) {
  const tallies = new Map<string | null, Tally>();
  for (const enquiry of enquiries) {
    const key = keyOf(enquiry);
    let tally = tallies.get(key);
    if (!tally) tallies.set(key, (tally = new Tally()));
    tally.add(enquiry);
  }
  return keyedRows(new Map([...tallies].map(([key, tally]) => [key, tally.figures()])));
}

const countOf = (counts: Map<string | null, number>, key: string | null) => counts.set(key, (counts.get(key) ?? 0) + 1);

const parsed = (time: string | undefined) => (time === undefined ? undefined : isoMs(time));

/**
 * The file store's pipeline report: one pass over the enquiries in memory, taking each one received
 * in the period with its applications, then the groups added up from those.
 */
export class FilePipeline {
  constructor(
    private readonly records: () => Iterable<EnquiryRecord>,
    private readonly applicationsOf: (enquiryId: string) => readonly ApplicationFacts[],
  ) {}

  private applicationSteps(applications: readonly ApplicationFacts[]): Steps | undefined {
    if (applications.length === 0) return undefined;
    const steps: Steps = {
      submitted: 0,
      submittedAmount: 0,
      sanctioned: 0,
      sanctionedAmount: 0,
      disbursed: 0,
      disbursedAmount: 0,
      rejections: [],
      firstSanction: Infinity,
    };
    for (const application of applications) {
      const submitted = firstReached(application, SUBMITTED_STEPS) !== undefined;
      const sanctionedAt = parsed(firstReached(application, ['sanctioned']));
      if (submitted) {
        steps.submitted += 1;
        steps.submittedAmount += application.amount;
      }
      if (application.sanctionedAmount !== undefined) {
        steps.sanctioned += 1;
        steps.sanctionedAmount += application.sanctionedAmount;
      }
      if (application.disbursedAmount !== undefined) {
        steps.disbursed += 1;
        steps.disbursedAmount += application.disbursedAmount;
      }
      if (application.status === 'rejected') steps.rejections.push(application.reason ?? '');
      if (sanctionedAt !== undefined) steps.firstSanction = Math.min(steps.firstSanction, sanctionedAt);
    }
    return steps;
  }

  report(query: PipelineQuery): StorePipelineReport {
    const since = Date.parse(query.since);
    const until = Date.parse(query.until);
    const now = Date.parse(query.now);
    const advisors = new Set(query.advisors);
    const lost = new Set(query.lostStatuses);
    const enquiries: Counted[] = [];
    const sources = new Map<string | null, number>();
    const campaigns = new Map<string | null, number>();
    for (const record of this.records()) {
      const created = isoMs(record.createdAt);
      if (created < since || created >= until) continue;
      const contact = parsed(record.firstContactAt);
      const due = parsed(record.firstResponseDueAt);
      const applications = this.applicationSteps(this.applicationsOf(record._id));
      const firstSanction = applications?.firstSanction ?? Infinity;
      const enquiry: Counted = {
        advisor: record.assigneeId !== undefined && advisors.has(record.assigneeId) ? record.assigneeId : null,
        source: record.sourcePage ?? null,
        campaign: record.origin?.campaign?.campaign || null,
        responseMs: contact === undefined ? null : workingMsBetween(created, contact, query.week),
        within: due !== undefined && contact !== undefined && contact <= due,
        known: due !== undefined && (contact !== undefined || due <= now),
        applications,
        sanctionMs: firstSanction === Infinity ? null : firstSanction - created,
        loss: lost.has(record.status) && record.closedReason !== undefined ? record.closedReason : null,
      };
      enquiries.push(enquiry);
      countOf(sources, enquiry.source);
      countOf(campaigns, enquiry.campaign);
    }
    const listedSources = listedKeys(sources);
    const listedCampaigns = listedKeys(campaigns);
    const total = new Tally();
    for (const enquiry of enquiries) total.add(enquiry);
    return {
      total: figuresOf(total.figures()),
      advisors: tallied(enquiries, (enquiry) => enquiry.advisor),
      sources: tallied(enquiries, (enquiry) => rowOf(enquiry.source, listedSources)),
      campaigns: tallied(enquiries, (enquiry) => rowOf(enquiry.campaign, listedCampaigns)),
    };
  }
}
