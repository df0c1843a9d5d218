import type { DeskEnquiry, DeskEnquiryDetail } from '../../src/shared/deskEnquiry';
import type { StoredEnquiry } from '../../src/shared/storedEnquiry';
import type { EnquiryRecord, EnquirySummary, EnquiryWithHistory, OverdueQuery, Store } from './Store';

/**
 * What the desk's view of an enquiry depends on beyond the record: each account's username by
 * its id (an enquiry keeps its advisor's id, and the desk shows the name they have now), and the
 * moment and final statuses its overdue mark is judged by.
 */
export interface DeskView extends OverdueQuery {
  names: ReadonlyMap<string, string>;
}

export async function deskViewOf(store: Store, overdue: OverdueQuery): Promise<DeskView> {
  return { ...overdue, names: new Map((await store.accounts.list()).map((account) => [account.id, account.username])) };
}

/** The flat shape of the firm's original endpoints and of the notifications: _id, createdAt, the answers, sourcePage. */
export function legacyShape(record: EnquiryRecord | EnquirySummary): StoredEnquiry {
  return {
    _id: record._id,
    createdAt: record.createdAt,
    ...record.fields,
    ...(record.sourcePage !== undefined && { sourcePage: record.sourcePage }),
    ...(record.notifications && { notifications: record.notifications }),
  };
}

/** An enquiry in the desk's lists: the answers flat, as the form named them, with what the firm added. */
export function deskShape(record: EnquirySummary, view: DeskView): DeskEnquiry {
  return {
    ...record.fields,
    _id: record._id,
    reference: record.reference,
    form: record.form,
    createdAt: record.createdAt,
    ...(record.sourcePage !== undefined && { sourcePage: record.sourcePage }),
    status: record.status,
    ...(record.closedReason !== undefined && { closedReason: record.closedReason }),
    followUpOn: record.followUpOn,
    duplicates: record.duplicates,
    consent: record.consent,
    ...(record.language !== undefined && { language: record.language }),
    ...(record.origin?.campaign && { campaign: record.origin.campaign }),
    ...(record.origin?.referrer && { referrer: record.origin.referrer }),
    ...(record.notifications && { notifications: record.notifications }),
    // An account removed since it was assigned has no name now: the enquiry is nobody's.
    assignedTo: (record.assigneeId !== undefined && view.names.get(record.assigneeId)) || null,
    firstResponseDueAt: record.firstResponseDueAt ?? null,
    firstContactAt: record.firstContactAt ?? null,
    overdue: isOverdue(record, view),
  };
}

/** One enquiry as the desk opens it: with its history and its applications to lenders. */
export async function deskDetail(store: Store, record: EnquiryWithHistory, view: DeskView): Promise<DeskEnquiryDetail> {
  return { ...deskShape(record, view), history: record.history, applications: await store.applications.applicationsOf(record._id) };
}

/** Past its first-response target with no first contact, and not in a final status: the desk marks it overdue. */
export const isOverdue = (
  record: Pick<EnquiryRecord, 'firstResponseDueAt' | 'firstContactAt' | 'status'>,
  { now, finalStatuses }: OverdueQuery,
): boolean =>
  record.firstResponseDueAt !== undefined &&
  record.firstContactAt === undefined &&
  Date.parse(record.firstResponseDueAt) <= Date.parse(now) &&
  !finalStatuses.includes(record.status);
