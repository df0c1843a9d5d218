import type { Application } from '../../../src/shared/applications';
import { workingMsBetween } from '../../../src/shared/workingTime';
import {
  emptyRaw,
  figuresOf,
  firstSanctionAt,
  keyedRows,
  listedKeys,
  percentileCont,
  rowOf,
  wasSubmitted,
  type PipelineQuery,
  type RawFigures,
  type StorePipelineReport,
} from '../pipelineReport';
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
  applications: readonly ApplicationFacts[];
  sanctionMs: number | null;
  loss: string | null;
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
    for (const application of enquiry.applications) {
      if (wasSubmitted(application)) {
        raw.submitted.count += 1;
        raw.submitted.amount += application.amount;
      }
      if (application.sanctionedAmount !== undefined) {
        raw.sanctioned.count += 1;
        raw.sanctioned.amount += application.sanctionedAmount;
      }
      if (application.disbursedAmount !== undefined) {
        raw.disbursed.count += 1;
        raw.disbursed.amount += application.disbursedAmount;
      }
      if (application.status === 'rejected') {
        const reason = application.reason ?? '';
        raw.rejections.set(reason, (raw.rejections.get(reason) ?? 0) + 1);
      }
    }
  }

  figures(): RawFigures {
    const responses = this.responses.sort((a, b) => a - b);
    const sanctions = this.sanctions.sort((a, b) => a - b);
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

/**
 * The file store's pipeline report: one pass over the enquiries in memory, taking each one received
 * in the period with its applications, then the groups added up from those.
 */
export function filePipelineReport(
  records: Iterable<EnquiryRecord>,
  applicationsOf: (enquiryId: string) => readonly ApplicationFacts[],
  query: PipelineQuery,
): StorePipelineReport {
  const since = Date.parse(query.since);
  const until = Date.parse(query.until);
  const now = Date.parse(query.now);
  const advisors = new Set(query.advisors);
  const lost = new Set(query.lostStatuses);
  const enquiries: Counted[] = [];
  const sources = new Map<string | null, number>();
  const campaigns = new Map<string | null, number>();
  for (const record of records) {
    const created = Date.parse(record.createdAt);
    if (created < since || created >= until) continue;
    const contact = record.firstContactAt === undefined ? undefined : Date.parse(record.firstContactAt);
    const due = record.firstResponseDueAt === undefined ? undefined : Date.parse(record.firstResponseDueAt);
    const applications = applicationsOf(record._id);
    const sanctioned = Math.min(...applications.map((application) => firstSanctionAt(application) ?? Infinity));
    const enquiry: Counted = {
      advisor: record.assigneeId !== undefined && advisors.has(record.assigneeId) ? record.assigneeId : null,
      source: record.sourcePage ?? null,
      campaign: record.origin?.campaign?.campaign || null,
      responseMs: contact === undefined ? null : workingMsBetween(created, contact, query.week),
      within: due !== undefined && contact !== undefined && contact <= due,
      known: due !== undefined && (contact !== undefined || due <= now),
      applications,
      sanctionMs: sanctioned === Infinity ? null : sanctioned - created,
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
