import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../api/auth/passwordHash';
import { FileStore } from '../../api/store/file/FileStore';
import { SEGMENT_SIZE } from '../../api/store/file/segmentedRecords';
import { PgStore } from '../../api/store/pg/PgStore';
import { phoneOf, searchTextOf } from '../../api/store/recordKeys';
import { firstReached, SUBMITTED_STEPS } from '../../api/store/pipelineReport';
import type { Account, EnquiryRecord, Store } from '../../api/store/Store';
import type { Application, ApplicationEvent, ApplicationStatus } from '../../src/shared/applications';
import { fakeRecord } from './benchTools';

/**
 * A firm's year of casework for the pipeline bench, the same on both stores: `count` enquiries
 * spread over the last 365 days, each of the four advisors' in turn or nobody's, from 30 pages
 * and 150 campaigns, most answered within hours and many closed; three in ten with an application
 * to a lender, at every step from preparing to disbursed, rejected or withdrawn.
 */
export const BENCH_OWNER = { username: 'owner', password: 'bench owner pass' };
export const ADVISOR_IDS = ['bench-owner', 'bench-asha', 'bench-ravi', 'bench-meera'];
const ADVISOR_NAMES = ['owner', 'asha', 'ravi', 'meera'];
const DAY = 86_400_000;
const MINUTE = 60_000;
const LAKH = 100_000;
const CLOSING = ['not-interested', 'not-eligible', 'unreachable', 'duplicate', 'other'];
const LENDERS = ['sbi', 'bank-of-maharashtra', 'bajaj-finance', 'deogiri-nagari', 'pmegp-portal'];
const REJECTIONS = [
  'Low CIBIL score',
  'Insufficient collateral',
  'Business vintage under two years',
  'Project cost too high',
  'Incomplete KYC',
  'Existing overdue loan',
];
const STEPS: ApplicationStatus[] = ['preparing', 'submitted', 'query-raised', 'sanctioned', 'disbursed', 'rejected', 'withdrawn'];

/** Open and final statuses in the proportions of a busy desk: three in ten closed, one in ten disbursed, the rest open. */
function statusOf(index: number): { status: string; closedReason?: string } {
  const slot = index % 20;
  if (slot < 6) return { status: 'closed', closedReason: CLOSING[index % CLOSING.length]! };
  if (slot < 8) return { status: 'disbursed' };
  if (slot < 9) return { status: 'sanctioned' };
  if (slot < 11) return { status: 'submitted' };
  if (slot < 13) return { status: 'documents-pending' };
  if (slot < 16) return { status: 'contacted' };
  return { status: 'new' };
}

function enquiryOf(index: number, createdMs: number): EnquiryRecord {
  const base = fakeRecord(index);
  const createdAt = new Date(createdMs).toISOString();
  const answered = index % 10 !== 9;
  const contactAt = answered ? new Date(createdMs + ((index * 37) % 900) * MINUTE).toISOString() : undefined;
  const { status, closedReason } = answered ? statusOf(index) : { status: 'new', closedReason: undefined };
  const advisor = index % 5 < 4 ? index % 5 : undefined;
  const by = { by: ADVISOR_NAMES[advisor ?? 0]!, byId: ADVISOR_IDS[advisor ?? 0]! };
  return {
    ...base,
    createdAt,
    lastActivityAt: contactAt ?? createdAt,
    sourcePage: `/scheme-${index % 30}`,
    ...(index % 4 !== 0 && { origin: { campaign: { source: 'google', medium: 'cpc', campaign: `campaign-${index % 150}` } } }),
    status,
    ...(closedReason && { closedReason }),
    ...(advisor !== undefined && { assigneeId: ADVISOR_IDS[advisor]! }),
    firstResponseDueAt: new Date(createdMs + 60 * MINUTE).toISOString(),
    ...(contactAt && { firstContactAt: contactAt }),
    ...(contactAt && status !== 'new' && { firstStatusChangeAt: contactAt }),
    // A call is the first contact (only a recorded contact stops the first-response clock), and the status moves with it.
    history: contactAt
      ? [
          { at: contactAt, ...by, type: 'contact', channel: 'call' },
          ...(status !== 'new'
            ? [{ at: contactAt, ...by, type: 'status' as const, from: 'new', to: status, ...(closedReason && { reason: closedReason }) }]
            : []),
        ]
      : [],
  };
}

/** One application at step `step`, each of its changes a few days after the one before. */
function applicationOf(index: number, enquiry: EnquiryRecord): Application {
  const step = STEPS[Math.floor(index / 10) % STEPS.length]!;
  const amount = (5 + (index % 50)) * LAKH;
  const sanctionedAmount = Math.round(amount * 0.8);
  const start = Date.parse(enquiry.createdAt);
  const by = { by: 'owner', byId: ADVISOR_IDS[0]! };
  const event = (days: number, status: ApplicationStatus, extra: Partial<ApplicationEvent> = {}): ApplicationEvent => ({
    at: new Date(start + days * DAY).toISOString(),
    ...by,
    status,
    ...extra,
  });
  const path: ApplicationEvent[] = [event(1, 'preparing')];
  if (step !== 'preparing' && step !== 'withdrawn') path.push(event(2, 'submitted'));
  if (step === 'query-raised') path.push(event(4, 'query-raised'));
  if (step === 'sanctioned' || step === 'disbursed') path.push(event(10, 'sanctioned', { sanctionedAmount }));
  if (step === 'disbursed') path.push(event(15, 'disbursed', { disbursedAmount: sanctionedAmount }));
  if (step === 'rejected') path.push(event(8, 'rejected', { reason: REJECTIONS[index % REJECTIONS.length]! }));
  if (step === 'withdrawn') path.push(event(4, 'withdrawn'));
  return {
    id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
    enquiryId: enquiry._id,
    lender: LENDERS[index % LENDERS.length]!,
    product: 'Term loan',
    amount,
    status: step,
    ...(step === 'rejected' && { reason: path.at(-1)!.reason! }),
    ...((step === 'sanctioned' || step === 'disbursed') && { sanctionedAmount }),
    ...(step === 'disbursed' && { disbursedAmount: sanctionedAmount }),
    createdAt: path[0]!.at,
    updatedAt: path.at(-1)!.at,
    history: path,
  };
}

export interface PipelineSeed {
  enquiries: EnquiryRecord[];
  applications: Application[];
  /** The first day of the year seeded, India time. */
  firstDay: string;
}

/** `count` enquiries ending an hour before `endMs`, and an application for three in ten of them. */
export function pipelineSeed(count: number, endMs: number): PipelineSeed {
  const spacing = (365 * DAY) / count;
  const enquiries = Array.from({ length: count }, (_, index) =>
    enquiryOf(index, Math.round(endMs - 3_600_000 - (count - index) * spacing)),
  );
  const applications = enquiries.flatMap((enquiry, index) => (index % 10 < 3 ? [applicationOf(index, enquiry)] : []));
  const firstDay = new Date(Date.parse(enquiries[0]!.createdAt) + 330 * MINUTE).toISOString().slice(0, 10);
  return { enquiries, applications, firstDay };
}

/** The owner the bench signs in as, and three staff advisors, with the ids the seed assigns enquiries to. */
async function addAdvisors(store: Store) {
  const passwordHash = await hashPassword(BENCH_OWNER.password);
  for (const [place, id] of ADVISOR_IDS.entries()) {
    const account: Account = {
      id,
      username: ADVISOR_NAMES[place]!,
      role: place === 0 ? 'owner' : 'staff',
      passwordHash,
      createdAt: new Date(Date.UTC(2026, 0, 1 + place)).toISOString(),
    };
    await store.accounts.add(account);
  }
  await store.close();
}

const inBatches = <T>(records: T[], size: number) =>
  Array.from({ length: Math.ceil(records.length / size) }, (_, at) => records.slice(at * size, (at + 1) * size));
/** Rows a statement when seeding PostgreSQL. */
const PG_BATCH = 5000;
const segmentName = (place: number) => `${String(place + 1).padStart(6, '0')}.json`;

/** The seed in the file store's own layout: segment files of enquiries and of applications, and the accounts. */
export async function seedPipelineFiles(dataDir: string, seed: PipelineSeed) {
  const enquiries = path.join(dataDir, 'enquiries', 'contact');
  const applications = path.join(dataDir, 'applications');
  mkdirSync(enquiries, { recursive: true });
  mkdirSync(applications, { recursive: true });
  for (const [place, records] of inBatches(seed.enquiries, SEGMENT_SIZE).entries())
    writeFileSync(path.join(enquiries, segmentName(place)), JSON.stringify({ records }));
  for (const [place, records] of inBatches(
    seed.applications.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    SEGMENT_SIZE,
  ).entries())
    writeFileSync(path.join(applications, segmentName(place)), JSON.stringify({ records }));
  await addAdvisors(await FileStore.open(dataDir));
}

/** The same seed in a PostgreSQL store's tables (made by PgStore.open), five thousand rows a statement. */
export async function seedPipelinePostgres(databaseUrl: string, seed: PipelineSeed) {
  await addAdvisors(await PgStore.open(databaseUrl, 1));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const batch of inBatches(seed.enquiries, PG_BATCH)) {
      const rows = batch.map((record) => ({
        ...record,
        phone: phoneOf(record.form, record.fields),
        search: searchTextOf(record.fields),
      }));
      await client.query(
        `INSERT INTO enquiries (id, reference, form, created_at, fields, source_page, status, closed_reason, first_status_change_at,
           last_activity_at, phone, search, origin, assignee_id, first_response_due_at, first_contact_at)
         SELECT "_id", reference, form, "createdAt", fields, "sourcePage", status, "closedReason", "firstStatusChangeAt",
           "lastActivityAt", phone, search, origin, "assigneeId", "firstResponseDueAt", "firstContactAt"
         FROM jsonb_to_recordset($1::jsonb) AS x("_id" text, reference text, form text, "createdAt" timestamptz, fields jsonb,
           "sourcePage" text, status text, "closedReason" text, "firstStatusChangeAt" timestamptz, "lastActivityAt" timestamptz,
           phone text, search text, origin jsonb, "assigneeId" text, "firstResponseDueAt" timestamptz, "firstContactAt" timestamptz)
         ORDER BY "createdAt"`,
        [JSON.stringify(rows)],
      );
      const events = rows.flatMap((record) => record.history.map((entry) => ({ id: record._id, at: entry.at, by: entry.by, entry })));
      await client.query(
        `INSERT INTO enquiry_events (enquiry_id, at, by, entry) SELECT id, at, by, entry
         FROM jsonb_to_recordset($1::jsonb) AS x(id text, at timestamptz, by text, entry jsonb)`,
        [JSON.stringify(events)],
      );
    }
    for (const applications of inBatches(seed.applications, PG_BATCH)) {
      const batch = applications.map((application) => ({
        ...application,
        submittedAt: firstReached(application, SUBMITTED_STEPS) ?? null,
        sanctionedAt: firstReached(application, ['sanctioned']) ?? null,
      }));
      await client.query(
        `INSERT INTO applications (id, enquiry_id, lender, product, amount, status, reason, sanctioned_amount, disbursed_amount,
           created_at, updated_at, history, submitted_at, sanctioned_at)
         SELECT id, "enquiryId", lender, product, amount, status, reason, "sanctionedAmount", "disbursedAmount", "createdAt", "updatedAt",
           history, "submittedAt", "sanctionedAt"
         FROM jsonb_to_recordset($1::jsonb) AS x(id text, "enquiryId" text, lender text, product text, amount bigint, status text,
           reason text, "sanctionedAmount" bigint, "disbursedAmount" bigint, "createdAt" timestamptz, "updatedAt" timestamptz,
           history jsonb, "submittedAt" timestamptz, "sanctionedAt" timestamptz)`,
        [JSON.stringify(batch)],
      );
    }
    // A database that grew to this size over months has had its statistics gathered by autovacuum.
    await client.query('VACUUM ANALYZE enquiries');
    await client.query('VACUUM ANALYZE applications');
    await client.query('VACUUM ANALYZE enquiry_pipeline');
  } finally {
    await client.end();
  }
}
