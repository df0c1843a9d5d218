import type { Application } from '../../../src/shared/applications';
import { workingMsBetween } from '../../../src/shared/workingTime';
import {
  addReason,
  addSteps,
  figuresOf,
  firstReached,
  listedKeys,
  rowOf,
  SUBMITTED_STEPS,
  type StepCounts,
  Tally,
  TallyRows,
  type PipelineQuery,
  type StorePipelineReport,
} from '../pipelineReport';
import { isoMs } from '../isoMs';
import type { ApplicationStore } from '../ApplicationStore';
import type { BoardItem, BoardQuery, PipelineStore } from '../PipelineStore';
import type { ListPage } from '../../../src/shared/listPage';
import { settle } from './settle';
import type { EnquiryRecord } from '../Store';

/** What the report reads of an application. */
export type ApplicationFacts = Pick<Application, 'status' | 'amount' | 'reason' | 'sanctionedAmount' | 'disbursedAmount' | 'history'>;

/** An enquiry's applications added up. */
interface Steps extends StepCounts {
  rejections: string[];
  /** The first sanction of any of them (ms), Infinity for none. */
  firstSanction: number;
}

/**
 * What one enquiry gives the report, worked out once when it or its applications change, so a
 * report reads numbers rather than parsing times and looking up applications for each enquiry.
 */
interface Facts {
  createdMs: number;
  /** Its first contact, and its first-response target (ms); NaN for none. */
  contactMs: number;
  dueMs: number;
  /** Answered by its target. */
  within: boolean;
  assigneeId: string | undefined;
  source: string | null;
  campaign: string | null;
  status: string;
  closedReason: string | undefined;
  /** Undefined when it has no application. */
  applications: Steps | undefined;
}

function stepsOf(applications: readonly ApplicationFacts[]): Steps | undefined {
  if (applications.length === 0) return undefined;
  const steps: Steps = {
    asked: 0,
    askedAmount: 0,
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
    const sanctionedAt = firstReached(application, ['sanctioned']);
    if (firstReached(application, SUBMITTED_STEPS) !== undefined) {
      steps.submitted += 1;
      steps.submittedAmount += application.amount;
      // The enquiry asked once, however many lenders it went to: its largest application.
      steps.asked = 1;
      steps.askedAmount = Math.max(steps.askedAmount, application.amount);
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
    if (sanctionedAt !== undefined) steps.firstSanction = Math.min(steps.firstSanction, isoMs(sanctionedAt));
  }
  return steps;
}

const msOrNaN = (time: string | undefined) => (time === undefined ? NaN : isoMs(time));

/** What the report asks of every enquiry, worked out once per report. */
interface Asked {
  now: number;
  week: PipelineQuery['week'];
  advisors: Set<string>;
  lost: Set<string>;
}

/** Adds an enquiry to a group: its first response in working ms (NaN for none). */
function addEnquiry({ raw, responses, sanctions }: Tally, facts: Facts, responseMs: number, asked: Asked) {
  raw.enquiries += 1;
  if (!Number.isNaN(responseMs)) {
    raw.answered += 1;
    responses.push(responseMs);
  }
  // Its outcome is known once answered, or once its target is past.
  if (!Number.isNaN(facts.dueMs) && (!Number.isNaN(facts.contactMs) || facts.dueMs <= asked.now)) raw.of += 1;
  if (facts.within) raw.within += 1;
  if (facts.closedReason !== undefined && asked.lost.has(facts.status)) addReason(raw.losses, facts.closedReason);
  const steps = facts.applications;
  if (!steps) return;
  if (steps.firstSanction !== Infinity) sanctions.push(steps.firstSanction - facts.createdMs);
  addSteps(raw, steps);
  for (const reason of steps.rejections) addReason(raw.rejections, reason);
}

const countOf = (counts: Map<string | null, number>, key: string | null) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * Each enquiry's part in the report, kept as enquiries and their applications come, change and go
 * (the store's parts tell it), and the report of a period from those, in one pass to choose the
 * rows listed one by one and one to add the groups up.
 */
export class PipelineFacts {
  private readonly enquiries = new Map<string, Facts>();
  /** Each enquiry's applications added up, by enquiry id: told apart from the enquiries, which the store reads after them. */
  private readonly steps = new Map<string, Steps>();

  /** An enquiry has arrived or changed. */
  enquiryChanged(record: EnquiryRecord) {
    const createdMs = isoMs(record.createdAt);
    const contactMs = msOrNaN(record.firstContactAt);
    const dueMs = msOrNaN(record.firstResponseDueAt);
    this.enquiries.set(record._id, {
      createdMs,
      contactMs,
      dueMs,
      within: contactMs <= dueMs,
      assigneeId: record.assigneeId,
      source: record.sourcePage ?? null,
      campaign: record.origin?.campaign?.campaign || null,
      status: record.status,
      closedReason: record.closedReason,
      applications: this.steps.get(record._id),
    });
  }

  enquiriesRemoved(ids: Iterable<string>) {
    for (const id of ids) this.enquiries.delete(id);
  }

  /** An enquiry's applications now, after one of them came, changed or went. */
  applicationsChanged(enquiryId: string, applications: readonly ApplicationFacts[]) {
    const steps = stepsOf(applications);
    if (steps) this.steps.set(enquiryId, steps);
    else this.steps.delete(enquiryId);
    const facts = this.enquiries.get(enquiryId);
    if (facts) facts.applications = steps;
  }

  report(query: PipelineQuery): StorePipelineReport {
    const since = Date.parse(query.since);
    const until = Date.parse(query.until);
    const asked: Asked = {
      now: Date.parse(query.now),
      week: query.week,
      advisors: new Set(query.advisors),
      lost: new Set(query.lostStatuses),
    };
    const inPeriod: Facts[] = [];
    const sources = new Map<string | null, number>();
    const campaigns = new Map<string | null, number>();
    for (const facts of this.enquiries.values()) {
      if (facts.createdMs < since || facts.createdMs >= until) continue;
      inPeriod.push(facts);
      countOf(sources, facts.source);
      countOf(campaigns, facts.campaign);
    }
    const listedSources = listedKeys(sources);
    const listedCampaigns = listedKeys(campaigns);
    const total = new Tally();
    const [advisors, bySource, byCampaign] = [new TallyRows(), new TallyRows(), new TallyRows()];
    for (const facts of inPeriod) {
      const responseMs = Number.isNaN(facts.contactMs) ? NaN : workingMsBetween(facts.createdMs, facts.contactMs, asked.week);
      const advisor = facts.assigneeId !== undefined && asked.advisors.has(facts.assigneeId) ? facts.assigneeId : null;
      for (const tally of [
        total,
        advisors.of(advisor),
        bySource.of(rowOf(facts.source, listedSources)),
        byCampaign.of(rowOf(facts.campaign, listedCampaigns)),
      ])
        addEnquiry(tally, facts, responseMs, asked);
    }
    return {
      total: figuresOf(total.figures()),
      advisors: advisors.keyed(),
      sources: bySource.keyed(),
      campaigns: byCampaign.keyed(),
    };
  }
}

/** The file store's pipeline: the report from the facts kept, the board from the enquiries' index of statuses. */
export class FilePipeline implements PipelineStore {
  constructor(
    private readonly facts: PipelineFacts,
    private readonly enquiries: { stagePage(query: BoardQuery): ListPage<Omit<BoardItem, 'applications'>> },
    private readonly applications: Pick<ApplicationStore, 'applicationsOf'>,
  ) {}

  report(query: PipelineQuery): Promise<StorePipelineReport> {
    return settle(() => this.facts.report(query));
  }

  async boardPage(query: BoardQuery): Promise<ListPage<BoardItem>> {
    const page = await settle(() => this.enquiries.stagePage(query));
    const items = await Promise.all(
      page.items.map(async (item) => ({ ...item, applications: await this.applications.applicationsOf(item.enquiry._id) })),
    );
    return { ...page, items };
  }
}
