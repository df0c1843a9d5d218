import type { DeskEnquiry, DeskEnquiryDetail } from '../../src/shared/desk';
import type { StoredEnquiry } from '../../src/shared/storedEnquiry';
import type { EnquiryRecord, EnquirySummary, EnquiryWithHistory } from './Store';

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
export function deskShape(record: EnquirySummary): DeskEnquiry {
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
  };
}

export function deskDetailShape(record: EnquiryWithHistory): DeskEnquiryDetail {
  return { ...deskShape(record), history: record.history };
}
