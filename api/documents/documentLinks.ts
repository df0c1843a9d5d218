import { createHash } from 'node:crypto';
import { localRoute } from '../../src/content/translations';
import { DOCUMENT_TOKEN, DOCUMENTS_PATH, type DocumentChecklist, type RequestState, type UploadView } from '../../src/shared/documents';
import { indiaDate } from '../../src/shared/indiaTime';
import type { DocumentRequest, StoredDocument } from '../store/DocumentStore';
import type { SiteContent } from '../site/siteContent';
import type { SecretsKey } from '../secrets/secretsKey';

/**
 * A request's link token (256 bits) and the hash the store keeps instead. The token is a keyed hash
 * of the request's random id under the secrets key, so the server can make the link again to
 * e-mail it (through the outbox) without the store ever holding it, and nobody without the key can.
 */
export function linkTokenOf(secrets: SecretsKey, requestId: string): { token: string; tokenHash: string } {
  const token = secrets.tag('document link', requestId, 32);
  return { token, tokenHash: tokenHashOf(token) };
}

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Whether a path segment can be a token at all: anything else is looked up nowhere. */
export const isToken = (value: string) => DOCUMENT_TOKEN.test(value);

/** The upload page's address for a token, in a language of the site. */
export const uploadPath = (content: SiteContent, language: string, token: string) =>
  `${language === content.languages.source ? DOCUMENTS_PATH : localRoute(language, DOCUMENTS_PATH)}/${token}`;

/** A request's whole link, or undefined when its token was not made under this secrets key (the key changed since). */
export function uploadLinkOf(content: SiteContent, siteUrl: string, secrets: SecretsKey, request: DocumentRequest): string | undefined {
  const { token, tokenHash } = linkTokenOf(secrets, request.id);
  return tokenHash === request.tokenHash ? `${siteUrl}${uploadPath(content, request.language, token)}` : undefined;
}

export function stateOf(request: DocumentRequest, now: number): RequestState {
  if (request.revokedAt) return 'revoked';
  return Date.parse(request.expiresAt) <= now ? 'expired' : 'open';
}

/** What the upload page shows: each document asked for with how many files came for it. */
export function uploadViewOf(request: DocumentRequest, documents: readonly StoredDocument[], now: number): UploadView {
  return {
    state: stateOf(request, now),
    openUntil: indiaDate(Date.parse(request.expiresAt) - 1),
    items: request.items.map((label, item) => ({
      label,
      received: documents.filter((document) => document.requestId === request.id && document.item === item).length,
    })),
  };
}

/**
 * The checklists the desk offers in one language: each eligibility checker's documents (from its
 * page in that language, named by its English title, as staff know it), then _desk.yaml's per service.
 */
export function checklistsIn(content: SiteContent, language: string): DocumentChecklist[] {
  const schemes = [...content.routes.values()].flatMap((route) =>
    route.lang !== language || route.untranslated
      ? []
      : route.page.data.blocks.flatMap((block) =>
          block.type === 'eligibility'
            ? [
                {
                  label: content.routes.get(route.base)?.page.data.title ?? route.page.data.title,
                  documents: block.documents,
                  pages: [route.base],
                },
              ]
            : [],
        ),
  );
  const services = (content.desk.documents?.checklists ?? []).map((checklist) => ({
    label: checklist.label,
    documents: checklist.documents.map((names) => names[language] ?? names.en!),
    pages: checklist.pages ?? [],
  }));
  return [...schemes, ...services];
}
