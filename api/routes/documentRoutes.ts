import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ADMIN_API } from '../../src/shared/adminPaths';
import {
  DOCUMENT_KINDS,
  type DocumentRequestSummary,
  type DocumentsAnswer,
  type DocumentSummary,
  type NewRequestAnswer,
} from '../../src/shared/documents';
import type { ServerContext } from '../context';
import { isoNow } from '../clock';
import { validBody } from '../middleware/validBody';
import { checklistsIn, linkTokenOf, stateOf, uploadPath, uploadLinkOf } from '../documents/documentLinks';
import { limitBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { actorOf, auditedBy, deskReady, type SessionEnv, type SignedIn } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { DocumentRequest } from '../store/DocumentStore';
import type { EnquiryRecord } from '../store/Store';
import { documentsChannel } from '../../src/shared/storedEnquiry';
import { plural } from '../../src/shared/plural';
import { documentContext, documentNameContext } from './uploadRoutes';

type Env = JsonBodyEnv & SessionEnv;

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_ENQUIRY = 'No enquiry has that id; it may have been deleted.';
const validId = (id: string) => id.length > 0 && id.length <= 100;
/** Who opens what an enquirer sent: an owner, or the advisor the enquiry is assigned to. */
const mayDownload = (who: SignedIn, enquiry: Pick<EnquiryRecord, 'assigneeId'>) =>
  who.role === 'owner' || (enquiry.assigneeId !== undefined && enquiry.assigneeId === who.accountId);

const summaryOf = (request: DocumentRequest, now: number, enquiry?: Pick<EnquiryRecord, 'notifications'>): DocumentRequestSummary => ({
  id: request.id,
  items: request.items,
  language: request.language,
  createdAt: request.createdAt,
  createdBy: request.createdBy.username,
  expiresAt: request.expiresAt,
  state: stateOf(request, now),
  ...(request.revokedAt && { revokedAt: request.revokedAt, revokedBy: request.revokedBy?.username }),
  ...(enquiry?.notifications?.[documentsChannel(request.id)] && { email: enquiry.notifications[documentsChannel(request.id)] }),
});

/** A file name for the download: the enquirer's own, with the extension its bytes call for, in plain and in UTF-8 form. */
function disposition(name: string, extension: string): string {
  const base = name.replace(/\.[^.]*$/, '').replace(/[\p{C}"\\/]/gu, '') || 'document';
  const full = `${base}${extension}`;
  const ascii = full.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/**
 * Documents on the desk: owners and staff ask an enquirer for documents (a private link, shown
 * once), revoke a link and list what came; an owner or the enquiry's advisor downloads a file, as
 * an attachment under a policy that lets it run nothing (securityHeaders), and each download is in the audit log.
 * Editors get 403 on every one of them (deskReady).
 */
export function documentRoutes({ store, site, config, clock, secrets, outbox }: ServerContext) {
  const content = () => site.content;
  const signedIn = deskReady(store, config, clock);
  const change = [limitBody, ...signedIn, sameOriginJson(config.siteUrl)] as const;
  const enquiryOf = async (c: Context<Env>) => {
    const id = c.req.param('id') ?? '';
    return validId(id) ? store.enquiries.get(id) : undefined;
  };

  /** Why this enquiry's links cannot go by e-mail now, or undefined when they can. */
  const cannotEmail = (enquiry: EnquiryRecord) =>
    !outbox.sendsDocuments
      ? 'E-mail is not set up on this server (SMTP_URL and NOTIFY_EMAIL_FROM): copy the link into WhatsApp instead.'
      : !enquiry.fields['email']
        ? 'This enquiry has no e-mail address: copy the link into WhatsApp instead.'
        : undefined;
  return (
    new Hono<Env>()
      .post(ADMIN_API.documentRequests, ...change, ...validBody('documentRequest'), async (c) => {
        const enquiry = await enquiryOf(c);
        if (!enquiry) return c.json({ message: NO_ENQUIRY }, 404);
        const body = c.req.valid('json');
        const items = body.documents.map((document) => document.trim().replace(/\s+/g, ' '));
        if (items.some((item) => item.length < 2) || new Set(items).size !== items.length)
          return c.json(
            { message: 'Some values need correcting.', errors: { documents: 'Name each document once, in at least 2 characters' } },
            400,
          );
        const languages = content().languages;
        const language = body.language ?? enquiry.language ?? languages.source;
        if (!languages.list.some((known) => known.code === language))
          return c.json({ message: 'Some values need correcting.', errors: { language: "Choose one of the site's languages" } }, 400);
        const id = randomUUID();
        const { token, tokenHash } = linkTokenOf(secrets, id);
        const now = clock.now();
        const request: DocumentRequest = {
          id,
          enquiryId: enquiry._id,
          tokenHash,
          items,
          language,
          createdAt: isoNow(clock),
          createdBy: actorOf(c.var.signedIn),
          expiresAt: new Date(now + (content().desk.documents?.linkDays ?? 14) * DAY_MS).toISOString(),
        };
        if (!(await store.documents.addRequest(request))) return c.json({ message: NO_ENQUIRY }, 404);
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'document-request',
          enquiryId: enquiry._id,
          detail: `${plural(items.length, 'document')}, link until ${request.expiresAt}`,
        });
        const answer: NewRequestAnswer = {
          id: request.id,
          link: `${config.siteUrl}${uploadPath(content(), language, token)}`,
          expiresAt: request.expiresAt,
        };
        return c.json(answer, 201);
      })
      .delete(ADMIN_API.documentRequest, ...signedIn, sameOriginJson(config.siteUrl), async (c) => {
        const enquiryId = c.req.param('id');
        const requestId = c.req.param('requestId');
        const revoked =
          validId(enquiryId) && validId(requestId)
            ? await store.documents.revokeRequest(enquiryId, requestId, isoNow(clock), actorOf(c.var.signedIn))
            : undefined;
        if (!revoked) return c.json({ message: 'This enquiry has no request for documents with that id.' }, 404);
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'document-revoke', enquiryId, detail: `request ${requestId}` });
        return c.json(summaryOf(revoked, clock.now()));
      })
      // The link goes to the enquirer's own address through the outbox: made again from the request's id at sending, never stored.
      .post(ADMIN_API.documentRequestEmail, ...signedIn, sameOriginJson(config.siteUrl), async (c) => {
        const enquiry = await enquiryOf(c);
        if (!enquiry) return c.json({ message: NO_ENQUIRY }, 404);
        const requestId = c.req.param('requestId');
        const request = validId(requestId)
          ? (await store.documents.requestsOf(enquiry._id)).find((one) => one.id === requestId)
          : undefined;
        if (!request) return c.json({ message: 'This enquiry has no request for documents with that id.' }, 404);
        const state = stateOf(request, clock.now());
        if (state !== 'open')
          return c.json(
            { message: `This link ${state === 'expired' ? 'has expired' : 'was stopped'}: make a new request to send one.` },
            409,
          );
        const unavailable = cannotEmail(enquiry);
        if (unavailable) return c.json({ message: unavailable }, 409);
        if (!uploadLinkOf(content(), config.siteUrl, secrets, request))
          return c.json({ message: 'This link was made under another secrets key, so it cannot be sent again: make a new request.' }, 409);
        const queued = await store.enquiries.queueDelivery(enquiry._id, documentsChannel(request.id));
        if (!queued) return c.json({ message: NO_ENQUIRY }, 404);
        if (queued === 'pending') return c.json({ message: 'This link is already on its way by e-mail.' }, 409);
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'document-email',
          enquiryId: enquiry._id,
          detail: `request ${request.id} to the enquirer's e-mail address`,
        });
        outbox.wake();
        const after = await store.enquiries.get(enquiry._id);
        return c.json(summaryOf(request, clock.now(), after), 202);
      })
      .get(ADMIN_API.documents, ...signedIn, async (c) => {
        const enquiry = await enquiryOf(c);
        if (!enquiry) return c.json({ message: NO_ENQUIRY }, 404);
        const [requests, documents] = await Promise.all([
          store.documents.requestsOf(enquiry._id),
          store.documents.documentsOf(enquiry._id),
        ]);
        const now = clock.now();
        const items = new Map(requests.map((request) => [request.id, request.items]));
        const answer: DocumentsAnswer = {
          requests: requests.map((request) => summaryOf(request, now, enquiry)),
          documents: documents.map((document): DocumentSummary => ({
            id: document.id,
            requestId: document.requestId,
            item: items.get(document.requestId)?.[document.item] ?? '',
            name: secrets.openText(document.name, documentNameContext(document.id)),
            type: document.type,
            bytes: document.bytes,
            at: document.at,
          })),
          canDownload: mayDownload(c.var.signedIn, enquiry),
          checklists: Object.fromEntries(content().languages.list.map(({ code }) => [code, checklistsIn(content(), code)])),
          ...(cannotEmail(enquiry) && { cannotEmail: cannotEmail(enquiry) }),
        };
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'read',
          enquiryId: enquiry._id,
          detail: `documents listed (${documents.length})`,
        });
        return c.json(answer);
      })
      .get(ADMIN_API.document, ...signedIn, async (c) => {
        const enquiry = await enquiryOf(c);
        if (!enquiry) return c.json({ message: NO_ENQUIRY }, 404);
        if (!mayDownload(c.var.signedIn, enquiry))
          return c.json({ message: 'Only an owner or the advisor this enquiry is assigned to can download its documents.' }, 403);
        const documentId = c.req.param('documentId');
        const document = validId(documentId)
          ? (await store.documents.documentsOf(enquiry._id)).find((one) => one.id === documentId)
          : undefined;
        const sealed = document && (await store.documents.documentData(enquiry._id, document.id));
        if (!document || !sealed) return c.json({ message: 'This enquiry has no document with that id.' }, 404);
        const bytes = secrets.decrypt(sealed, documentContext(document.id));
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'document-download',
          enquiryId: enquiry._id,
          detail: `document ${document.id} (${document.type}, ${document.bytes} bytes)`,
        });
        const name = secrets.openText(document.name, documentNameContext(document.id));
        return c.body(new Uint8Array(bytes), 200, {
          'Content-Type': document.type,
          'Content-Disposition': disposition(name, DOCUMENT_KINDS[document.type].extension),
        });
      })
  );
}
