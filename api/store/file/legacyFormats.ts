import { randomUUID } from 'node:crypto';
import { INITIAL_STATUS } from '../../../src/shared/deskEnquiry';
import { newReference } from '../../../src/shared/enquiryReference';
import type { FormKind } from '../../../src/shared/forms/formSchemas';
import type { Notifications } from '../../../src/shared/storedEnquiry';
import type { Account, EnquiryRecord, Session, SignedInSession } from '../Store';
import { firstContactOf } from '../historyEntries';

/**
 * The files an older version of the server wrote, and how they are read now. Each segment
 * or file is upgraded once, when the server starts, and written back durably.
 */

/** Before the desk: the form's answers flat beside _id, createdAt, sourcePage and notifications. */
interface FlatEnquiry {
  _id: string;
  createdAt: string;
  sourcePage?: string;
  notifications?: Notifications;
  [field: string]: unknown;
}

/**
 * Before the desk: the form's answers flat beside _id, createdAt, sourcePage and notifications.
 * Before references: none. `references` holds those read so far, and takes each one given.
 * Before the first-response clock stopped only at a recorded contact: see recountFirstContact.
 */
export function upgradeEnquiry(raw: EnquiryRecord | FlatEnquiry, form: FormKind, references: Set<string>): EnquiryRecord | undefined {
  const current = typeof raw.fields === 'object' && raw.fields !== null;
  if (current && typeof raw.reference === 'string') {
    references.add(raw.reference);
    return recountFirstContact(raw as EnquiryRecord);
  }
  let reference = newReference();
  while (references.has(reference)) reference = newReference();
  references.add(reference);
  if (current) return recountFirstContact({ ...(raw as EnquiryRecord), reference }) ?? { ...(raw as EnquiryRecord), reference };
  const { _id, createdAt, sourcePage, notifications, ...answers } = raw as FlatEnquiry;
  const fields = Object.fromEntries(Object.entries(answers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    _id,
    reference,
    form,
    createdAt,
    fields,
    ...(sourcePage !== undefined && { sourcePage }),
    status: INITIAL_STATUS,
    followUpOn: null,
    lastActivityAt: createdAt,
    consent: null,
    ...(notifications && { notifications }),
    history: [],
  };
}

/**
 * Until December 2026 any change of status stopped the first-response clock; now only a recorded
 * contact does (firstContactOf the history). An enquiry whose clock stopped otherwise has it
 * running again, and is marked escalated as of that old stop, so the owners are not sent a notice
 * for each old enquiry at once; the desk and the pipeline report count it as unanswered. Undefined
 * when the record is right already (as every record written since is).
 */
function recountFirstContact(record: EnquiryRecord): EnquiryRecord | undefined {
  const first = firstContactOf(record.history);
  if (first === record.firstContactAt) return undefined;
  const { firstContactAt: old, ...rest } = record;
  return {
    ...rest,
    ...(first !== undefined && { firstContactAt: first }),
    ...(first === undefined && old !== undefined && rest.escalatedAt === undefined && { escalatedAt: old }),
  };
}

/** Before staff accounts: one admin, and sessions named by username. */
interface OneAdminSecurity {
  admin?: { username: string; passwordHash: string };
  sessions: Record<string, { username: string; expiresAt: number }>;
}

export interface SecurityData {
  accounts: Account[];
  sessions: Record<string, SignedInSession>;
  trustedDevices: Record<string, Session>;
  /** The check value of the key the authenticator secrets are sealed with. */
  secretsKeyCheck?: string;
}

export function upgradeSecurity(raw: SecurityData | OneAdminSecurity): SecurityData | undefined {
  if (Array.isArray((raw as SecurityData).accounts)) return undefined;
  const { admin, sessions } = raw as OneAdminSecurity;
  // The one admin becomes the first owner; its sessions stay valid.
  const owner: Account | undefined = admin && {
    id: randomUUID(),
    username: admin.username,
    role: 'owner',
    passwordHash: admin.passwordHash,
    createdAt: new Date().toISOString(),
  };
  return {
    accounts: owner ? [owner] : [],
    sessions: owner
      ? Object.fromEntries(Object.entries(sessions).map(([hash, session]) => [hash, { accountId: owner.id, expiresAt: session.expiresAt }]))
      : {},
    trustedDevices: {},
  };
}
