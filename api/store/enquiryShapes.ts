import type { DeskEnquiry, DeskEnquiryDetail } from '../../src/shared/desk';
import type { StoredEnquiry } from '../../src/shared/storedEnquiry';
import type { EnquiryRecord, EnquirySummary, EnquiryWithHistory, Store } from './Store';

/** Each account's username by its id: an enquiry keeps its advisor's id, and the desk shows the name they have now. */
export type AccountNames = ReadonlyMap<string, string>;

export async function accountNames(store: Store): Promise<AccountNames> {
  return new Map((await store.listAccounts()).map((account) => [account.id, account.username]));
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
export function deskShape(record: EnquirySummary, names: AccountNames): DeskEnquiry {
  return {
    ...record.fields,
    _id: record._id,
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
    assignedTo: (record.assigneeId !== undefined && names.get(record.assigneeId)) || null,
  };
}

export function deskDetailShape(record: EnquiryWithHistory, names: AccountNames): DeskEnquiryDetail {
  return { ...deskShape(record, names), history: record.history };
}
