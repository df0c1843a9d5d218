import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { localRoute } from '../../src/content/translations';
import { DOCUMENTS_PATH, FILES_PER_ITEM, MAX_DOCUMENT_BYTES, type UploadAnswer, type UploadView } from '../../src/shared/documents';
import { fill } from '../../src/shared/languages';
import type { ServerContext } from '../context';
import { isoNow } from '../clock';
import { isToken, stateOf, tokenHashOf, uploadViewOf } from '../documents/documentLinks';
import { sniffDocument } from '../documents/documentKind';
import { DamagedFileError, stripMetadata } from '../documents/stripMetadata';
import { privateAnswers } from '../middleware/privateAnswers';
import type { DocumentRequest } from '../store/DocumentStore';

/** The file with room for the form's boundaries, its item field and headers. */
const MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;
/** The longest file name kept (sealed): a phone's names are far shorter. */
const MAX_NAME_LENGTH = 200;

type Env = { Variables: { language: string; request: DocumentRequest | undefined } };

/**
 * The upload page of an advisor's private link, /documents/<token> (/mr/documents/<token>, …):
 * the page in its language with each document asked for, and a multipart POST to the same
 * address for each file. The token is looked up by its hash; an unknown one answers 404, an
 * expired or revoked one 410, before any of the body is read. A file is taken by its bytes (PDF,
 * JPEG, PNG or WebP, at most 10 MB, read under that limit), a photo stripped of its metadata,
 * and sealed with the secrets key before the store sees it. With JavaScript the page sends each
 * file in the background (JSON answers); without it, the plain form's POST is answered with the
 * page again (a refusal) or a redirect to it (a file received).
 */
export function uploadRoutes({ store, site, clock, secrets }: ServerContext) {
  const app = new Hono<Env>();
  const content = () => site.content;
  const words = (c: Context<Env>) => content().wordsOf(c.var.language).ui.documents;
  const firmPhone = (c: Context<Env>) => content().siteData(c.var.language).site.phone;
  const wantsJson = (c: Context) => (c.req.header('accept') ?? '').includes('application/json');
  const pageOf = (language: string) => (language === content().languages.source ? DOCUMENTS_PATH : localRoute(language, DOCUMENTS_PATH));

  /** The link's language (from its address) and its request, if the token is one (securityHeaders keeps the address out of any Referer). */
  const findRequest = createMiddleware<Env>(async (c, next) => {
    const language = c.req.param('lang') ?? content().languages.source;
    if (!content().languages.list.some((known) => known.code === language)) return c.notFound();
    c.set('language', language);
    const token = c.req.param('token') ?? '';
    c.set('request', isToken(token) ? await store.documents.requestByToken(tokenHashOf(token)) : undefined);
    await next();
  });

  /** The page for this link as it stands, with `change` made to what it shows. */
  async function page(c: Context<Env>, status: ContentfulStatusCode, change: Partial<UploadView> = {}) {
    const request = c.var.request;
    const view: UploadView = {
      ...(request
        ? uploadViewOf(request, await store.documents.documentsOf(request.enquiryId), clock.now())
        : { state: 'unknown' as const, openUntil: '', items: [] }),
      ...change,
    };
    const html = site.drawFor(pageOf(c.var.language), { url: c.req.path, payload: (payload) => ({ ...payload, upload: view }) });
    if (!html) return c.json({ view }, status);
    return c.html(await html, status);
  }

  /** A refusal: its message as JSON, or the page again with it beside the document. */
  function refuse(c: Context<Env>, status: ContentfulStatusCode, message: string, item = 0) {
    if (wantsJson(c)) return c.json({ message }, status);
    return page(c, status, { refusal: { item, message } });
  }

  /** 404 for no link of ours, 410 for one that no longer takes files, before anything else is done. */
  const open = createMiddleware<Env>(async (c, next) => {
    const request = c.var.request;
    const text = words(c);
    if (!request) return refuse(c, 404, fill(text.notFound, { phone: firmPhone(c) }));
    const state = stateOf(request, clock.now());
    if (state !== 'open') return refuse(c, 410, fill(state === 'expired' ? text.expired : text.revoked, { phone: firmPhone(c) }));
    await next();
  });

  const paths = [`${DOCUMENTS_PATH}/:token`, `/:lang${DOCUMENTS_PATH}/:token`];
  for (const path of paths) app.use(path, privateAnswers, findRequest);

  app.get(paths[0]!, (c) => show(c));
  app.get(paths[1]!, (c) => show(c));
  async function show(c: Context<Env>) {
    const request = c.var.request;
    if (!request) return page(c, 404);
    const sent = Number(c.req.query('sent'));
    const receivedItem = Number.isInteger(sent) && sent >= 0 && sent < request.items.length ? sent : undefined;
    return page(c, stateOf(request, clock.now()) === 'open' ? 200 : 410, receivedItem === undefined ? {} : { receivedItem });
  }

  const limit = bodyLimit({ maxSize: MAX_UPLOAD_BYTES, onError: (c) => refuse(c as Context<Env>, 413, words(c as Context<Env>).tooLarge) });
  for (const path of paths)
    app.post(path, open, limit, async (c) => {
      const request = c.var.request!;
      const text = words(c);
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return refuse(c, 400, text.oneFile);
      }
      const item = Number(form.get('item'));
      if (!Number.isInteger(item) || item < 0 || item >= request.items.length) return refuse(c, 400, text.oneFile);
      const files = form.getAll('file').filter((entry) => entry instanceof File);
      const file = files[0];
      if (files.length !== 1 || !file || file.size === 0) return refuse(c, 400, text.oneFile, item);
      if (file.size > MAX_DOCUMENT_BYTES) return refuse(c, 413, text.tooLarge, item);
      const name = file.name.slice(0, MAX_NAME_LENGTH) || 'document';
      const bytes = Buffer.from(await file.arrayBuffer());
      const kind = sniffDocument(bytes);
      if ('other' in kind) return refuse(c, 415, fill(kind.other === 'unknown' ? text.notAccepted : text.markup, { name }), item);
      let clean: Buffer;
      try {
        clean = stripMetadata(kind.type, bytes);
      } catch (error) {
        if (error instanceof DamagedFileError) return refuse(c, 422, fill(text.damaged, { name }), item);
        throw error;
      }
      const id = randomUUID();
      const document = {
        id,
        enquiryId: request.enquiryId,
        requestId: request.id,
        item,
        name: secrets.sealText(name, documentNameContext(id)),
        type: kind.type,
        bytes: clean.length,
        at: isoNow(clock),
      };
      const kept = await store.documents.addDocument(document, secrets.encrypt(clean, documentContext(id)), FILES_PER_ITEM);
      if (kept === 'full') return refuse(c, 409, fill(text.full, { count: String(FILES_PER_ITEM) }), item);
      if (kept === 'closed') {
        const now = await store.documents.requestByToken(request.tokenHash);
        const expired = now && stateOf(now, clock.now()) === 'expired';
        return refuse(c, 410, fill(expired ? text.expired : text.revoked, { phone: firmPhone(c) }), item);
      }
      await store.audit.add({
        account: null,
        action: 'document-upload',
        enquiryId: request.enquiryId,
        detail: `${kind.type}, ${clean.length} bytes, for document ${item + 1} of request ${request.id}`,
      });
      if (!wantsJson(c)) return c.redirect(`${c.req.path}?sent=${item}`, 303);
      const view = uploadViewOf(request, await store.documents.documentsOf(request.enquiryId), clock.now());
      const answer: UploadAnswer = { message: fill(text.sent, { document: request.items[item]! }), view };
      return c.json(answer, 201);
    });

  return app;
}

/** What a document's bytes and name are sealed against: opened for that document only. */
export const documentContext = (id: string) => `document:${id}`;
export const documentNameContext = (id: string) => `document name:${id}`;
