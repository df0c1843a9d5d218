/**
 * Documents an advisor asks an enquirer for, sent through a private link: what the browser and
 * the server share (the kinds accepted, the limits, the shapes of the answers).
 */
import type { DeliveryState } from './storedEnquiry';

/** The kinds of file accepted, recognised by their bytes (api/documents/documentKind.ts), with the extension a download gets. */
export const DOCUMENT_KINDS = {
  'application/pdf': { label: 'PDF', extension: '.pdf' },
  'image/jpeg': { label: 'JPEG', extension: '.jpg' },
  'image/png': { label: 'PNG', extension: '.png' },
  'image/webp': { label: 'WebP', extension: '.webp' },
} as const;
export type DocumentType = keyof typeof DOCUMENT_KINDS;

/** The most one file may weigh. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Files one document on the list may take (a bank statement can come as several). */
export const FILES_PER_ITEM = 5;
/** Documents one request may ask for, and the length of each one's name. */
export const MAX_REQUEST_ITEMS = 20;
export const MAX_ITEM_LENGTH = 120;

/** The upload page's address in the site's first language (/mr/documents and /hi/documents in the others); the link adds its token. */
export const DOCUMENTS_PATH = '/documents';
/** A link's token: 32 random bytes in base64url. */
export const DOCUMENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where a request stands: open for uploads, past its expiry, or revoked by the firm. */
export type RequestState = 'open' | 'expired' | 'revoked';

/** What the upload page shows for one link: each document asked for with how many files came for it. */
export interface UploadView {
  /** unknown: the address is no link of the firm's (mistyped, cut short, or erased with its enquiry). */
  state: RequestState | 'unknown';
  /** YYYY-MM-DD (India time): the last day the link takes files. */
  openUntil: string;
  items: { label: string; received: number }[];
  /** After a file sent without JavaScript: which document it was for (its place on the list), to say so. */
  receivedItem?: number;
  /** A file refused without JavaScript: for which document, and why. */
  refusal?: { item: number; message: string };
}

/** What a successful upload answers (JSON): the list as it now stands. */
export interface UploadAnswer {
  message: string;
  view: UploadView;
}

/** A request as the desk lists it. */
export interface DocumentRequestSummary {
  id: string;
  items: string[];
  language: string;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  state: RequestState;
  revokedAt?: string;
  revokedBy?: string;
  /** Its e-mail to the enquirer, once Send by e-mail was pressed: on its way, delivered or failed. */
  email?: DeliveryState;
}

/** A document as the desk lists it: never its bytes. */
export interface DocumentSummary {
  id: string;
  requestId: string;
  /** The document on the request's list it was sent for. */
  item: string;
  /** The file's name as the enquirer's device gave it. */
  name: string;
  type: DocumentType;
  bytes: number;
  at: string;
}

/** GET /admin/api/enquiries/:id/documents. */
export interface DocumentsAnswer {
  requests: DocumentRequestSummary[];
  documents: DocumentSummary[];
  /** Whether this account may download them: an owner, or the enquiry's advisor. */
  canDownload: boolean;
  /** What the desk offers to ask for, by language code. */
  checklists: Record<string, DocumentChecklist[]>;
  /** Why a link cannot be sent by e-mail (the enquiry has no address, or SMTP is not set up); absent when it can. */
  cannotEmail?: string;
}

/** A checklist the desk offers when asking for documents: a scheme's (its eligibility block) or a service's (_desk.yaml). */
export interface DocumentChecklist {
  label: string;
  documents: string[];
  /** The pages (English routes, such as /pmegp) whose enquiries it is offered to first. */
  pages: string[];
}

/**
 * Which of `lists` to offer first for an enquiry sent from `sourcePage` (/mr/pmegp is /pmegp's):
 * the first list for that page, else the first list.
 */
export function checklistFor(lists: readonly DocumentChecklist[], sourcePage: string | undefined, languages: readonly string[]): number {
  if (!sourcePage) return 0;
  const [, first = '', ...rest] = sourcePage.split('/');
  const base = languages.includes(first) ? `/${rest.join('/')}` : sourcePage;
  return Math.max(
    0,
    lists.findIndex((list) => list.pages.includes(base)),
  );
}

/** POST …/document-requests answers 201 with this: the link is shown once, as only its hash is kept (the server can make it again only to e-mail it). */
export interface NewRequestAnswer {
  id: string;
  link: string;
  expiresAt: string;
}
