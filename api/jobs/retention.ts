import { indiaDate } from '../../src/shared/indiaTime';
import { plural } from '../../src/shared/plural';
import { describeRecords } from '../../src/shared/privacyRequests';
import type { Clock } from '../clock';
import { repeatEvery, type Repeating } from './repeatEvery';
import type { Store } from '../store/Store';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The audit log is the record of processing the law asks to keep for at least a year. */
export const AUDIT_KEEP_DAYS = 365;

export interface RetentionOptions {
  store: Store;
  /** How long an enquiry or request is kept after its last activity. */
  retentionMs: number;
  /** How often to look for ones past it. */
  sweepMs: number;
  /** Visit counts are kept for this many months before the current one (VISIT_KEEP_MONTHS). */
  visitKeepMonths: number;
  /** Documents are erased this many days after their enquiry is closed (documentsDays in _privacy.yaml), as the content says at each sweep. */
  documents?: () => { days: number; finalStatuses: readonly string[] };
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}

export type Retention = Repeating;

/** The month (YYYY-MM) `months` before `month`. */
export function monthsBefore(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Erases enquiries and requests nobody has touched for the retention period, at start and
 * then every sweep, trims the audit log to its year, removes visit counts of the months
 * before the last `visitKeepMonths`, and erases the documents of enquiries closed `documents().days` ago. Every instance may sweep: erasing what another instance
 * has just erased simply finds nothing. Only counts are logged.
 */
export function startRetention({ store, retentionMs, sweepMs, visitKeepMonths, documents, clock, log }: RetentionOptions): Retention {
  async function sweep() {
    const now = clock.now();
    const erased = await store.people.eraseInactive(new Date(now - retentionMs).toISOString());
    const trimmed = await store.audit.trim(new Date(now - AUDIT_KEEP_DAYS * DAY_MS).toISOString());
    const visitsFrom = monthsBefore(indiaDate(now).slice(0, 7), visitKeepMonths);
    await store.visits.deleteMonthsBefore(visitsFrom);
    if (erased.enquiries + erased.requests > 0) {
      await store.audit.add({ account: null, action: 'retention', detail: `${describeRecords(erased)} past the retention period erased` });
    }
    const keep = documents?.();
    const documentsErased = keep
      ? await store.documents.eraseDocumentsOfClosed(new Date(now - keep.days * DAY_MS).toISOString(), keep.finalStatuses)
      : { requests: 0, documents: 0 };
    if (documentsErased.requests > 0)
      await store.audit.add({
        account: null,
        action: 'retention',
        detail: `${plural(documentsErased.documents, 'document')} and ${plural(documentsErased.requests, 'request')} for them erased, their enquiries closed ${plural(keep!.days, 'day')} ago`,
      });
    log({
      msg: 'retention sweep',
      erasedEnquiries: erased.enquiries,
      erasedRequests: erased.requests,
      auditEntriesTrimmed: trimmed,
      visitCountsKeptFrom: visitsFrom,
      erasedDocuments: documentsErased.documents,
    });
  }

  return repeatEvery(clock, sweepMs, sweep, (error) => log({ level: 'error', msg: 'retention sweep failed', error: error.message }));
}
