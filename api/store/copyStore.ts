import type { AuditEntry } from '../../src/shared/audit';
import type { ListPage } from '../../src/shared/listPage';
import { filesOfPicture } from '../../src/content/pictureSizes';
import type { PrivacyRequest } from '../../src/shared/privacyRequests';
import type { EnquiryRecord, Store } from './Store';

/** Every day a visit count can have. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '9999-12-31';

/** Every item of a newest-first list, page by page. */
export async function everything<T>(page: (cursor?: string) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export interface CopyReport {
  enquiries: { copied: number; of: number };
  requests: { copied: number; of: number };
  /** Accounts copied; none when the target already had some. */
  accounts: number;
  /** Audit entries copied; none when the target already had some. */
  audit: number;
  pages: { copied: number; of: number };
  pictures: { copied: number; of: number };
  /** Editors' changes for an owner's review, waiting or decided. */
  submissions: { copied: number; of: number };
  /** Applications to lenders, with their histories. */
  applications: { copied: number; of: number };
  /** Requests for documents, and the documents sent through them (still sealed with the same secrets key). */
  documentRequests: { copied: number; of: number };
  documents: { copied: number; of: number };
  /** Visit counts copied; none when the target already had some. */
  visitCounts: number;
  /** The addresses of the link check's last run copied; none when the target has run one itself. */
  linkChecks: number;
  /** What was read, to check against what the target then gives back. */
  records: EnquiryRecord[];
  privacyRequests: PrivacyRequest[];
}

/**
 * Copies one store into another (of either kind) through the store interface, keeping every
 * enquiry's and privacy request's id, time, status and history, the accounts (their passwords
 * and second factors), the audit log and the page editor's files with every revision, the uploaded pictures, the changes for an owner's review, the applications to lenders, the documents (sealed as they were) and the link check's last run. What the
 * target already has is left alone, so a copy can be run again.
 */
export async function copyStore(from: Store, to: Store): Promise<CopyReport> {
  const summaries = await everything((cursor) => from.enquiries.list({ limit: 500, ...(cursor !== undefined && { cursor }) }));
  const records: EnquiryRecord[] = [];
  for (const summary of summaries) records.push((await from.enquiries.get(summary._id))!);
  let copied = 0;
  // Oldest first, so the target's own insertion order matches the history.
  for (const record of [...records].reverse()) if (await to.enquiries.import(record)) copied += 1;

  const privacyRequests = await everything((cursor) => from.people.listRequests({ limit: 500, ...(cursor !== undefined && { cursor }) }));
  let requestsCopied = 0;
  for (const request of [...privacyRequests].reverse()) if (await to.people.importRequest(request)) requestsCopied += 1;

  // The accounts' secrets stay sealed as they were: the target must be opened with the same secrets key.
  const sealedWith = await from.accounts.secretsKeyCheck();
  if (sealedWith !== undefined && (await to.accounts.recordSecretsKeyCheck(sealedWith)) !== sealedWith)
    throw new Error(
      'The target store already keeps secrets sealed with another secrets key than the store being copied: copy into a store that has none.',
    );
  let accounts = 0;
  if ((await to.accounts.list()).length === 0)
    for (const account of await from.accounts.list()) if (await to.accounts.add(account)) accounts += 1;

  let audit = 0;
  if ((await to.audit.list({ limit: 1 })).total === 0) {
    const entries: AuditEntry[] = await everything((cursor) => from.audit.list({ limit: 500, ...(cursor !== undefined && { cursor }) }));
    for (const entry of entries.reverse()) await to.audit.import(entry);
    audit = entries.length;
  }

  const files = await from.pages.pageStates();
  let pagesCopied = 0;
  for (const state of files) {
    const revisions = (await from.pages.pageRevisions(state.file)).reverse();
    if (await to.pages.importFile(state, revisions)) pagesCopied += 1;
  }

  const pictures = await from.pictures.pictureList();
  const pictureFiles = await from.pictures.pictureFiles();
  let picturesCopied = 0;
  for (const picture of pictures) {
    const files = filesOfPicture([...pictureFiles.keys()], picture.name).map((file) => [file, pictureFiles.get(file)!] as const);
    if (await to.pictures.addPicture({ ...picture, files: Object.fromEntries(files) })) picturesCopied += 1;
  }

  const submissions = await from.submissions.allSubmissions();
  let submissionsCopied = 0;
  for (const submission of submissions) if (await to.submissions.importSubmission(submission)) submissionsCopied += 1;

  const applications = await from.applications.allApplications();
  let applicationsCopied = 0;
  for (const application of applications) if (await to.applications.importApplication(application)) applicationsCopied += 1;

  const documentRequests = await from.documents.allRequests();
  let documentRequestsCopied = 0;
  for (const request of documentRequests) if (await to.documents.importRequest(request)) documentRequestsCopied += 1;
  const documents = await from.documents.allDocuments();
  let documentsCopied = 0;
  for (const document of documents) {
    const data = await from.documents.documentData(document.enquiryId, document.id);
    if (data && (await to.documents.importDocument(document, data))) documentsCopied += 1;
  }

  // Counts add up, so they are copied only into a store that has none.
  let visitCounts = 0;
  if ((await to.visits.counts(FIRST_DAY, LAST_DAY)).length === 0) {
    const counts = await from.visits.counts(FIRST_DAY, LAST_DAY);
    await to.visits.add(counts);
    visitCounts = counts.length;
  }

  // The last run's results, so a link failing there is still reported broken when it fails again a day later.
  let linkChecks = 0;
  const checked = await from.linkChecks.linkChecks();
  if (checked.run && !(await to.linkChecks.linkChecks()).run) {
    await to.linkChecks.recordLinkCheck(checked.run, checked.links);
    linkChecks = checked.links.length;
  }

  return {
    enquiries: { copied, of: records.length },
    requests: { copied: requestsCopied, of: privacyRequests.length },
    accounts,
    audit,
    pages: { copied: pagesCopied, of: files.length },
    pictures: { copied: picturesCopied, of: pictures.length },
    submissions: { copied: submissionsCopied, of: submissions.length },
    applications: { copied: applicationsCopied, of: applications.length },
    documentRequests: { copied: documentRequestsCopied, of: documentRequests.length },
    documents: { copied: documentsCopied, of: documents.length },
    visitCounts,
    linkChecks,
    records,
    privacyRequests,
  };
}
