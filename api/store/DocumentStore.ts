import type { DocumentType } from '../../src/shared/documents';
import type { Actor } from './Store';

/**
 * An advisor's request for documents: the list asked for, and the link's token, kept only as its
 * SHA-256 (the link itself is shown once, when the request is made).
 */
export interface DocumentRequest {
  id: string;
  enquiryId: string;
  tokenHash: string;
  items: string[];
  /** The language of the upload page (a site language's code). */
  language: string;
  createdAt: string;
  createdBy: Actor;
  expiresAt: string;
  revokedAt?: string;
  revokedBy?: Actor;
}

/**
 * A document an enquirer sent through a request's link, without its bytes. The store never sees
 * it in clear: `name` and the bytes are sealed with the secrets key before they reach it.
 */
export interface StoredDocument {
  id: string;
  enquiryId: string;
  requestId: string;
  /** Its place on the request's list. */
  item: number;
  /** The file's name as sent, sealed. */
  name: string;
  type: DocumentType;
  /** Its size in clear. */
  bytes: number;
  at: string;
}

/** Why a document was not stored: the item has its files already, or the request is revoked, past its expiry or gone. */
export type DocumentRefusal = 'full' | 'closed';

export interface ErasedDocuments {
  requests: number;
  documents: number;
}

/**
 * Requests for documents and the documents sent, on either store. An enquiry's erasure (a
 * person's, retention's or a deletion) takes its requests and documents with it, files and all.
 */
export interface DocumentStore {
  /** False when the enquiry does not exist. */
  addRequest(request: DocumentRequest): Promise<boolean>;
  requestByToken(tokenHash: string): Promise<DocumentRequest | undefined>;
  /** Oldest first. */
  requestsOf(enquiryId: string): Promise<DocumentRequest[]>;
  /** Revokes it (once: a revoked request keeps its first revocation); undefined when the enquiry has no such request. */
  revokeRequest(enquiryId: string, id: string, at: string, by: Actor): Promise<DocumentRequest | undefined>;
  /**
   * Stores a document with its sealed bytes, checking in the same step that its request is still
   * open at `document.at` (not revoked, not expired) and that its item has fewer than `perItem` files.
   */
  addDocument(document: StoredDocument, data: Buffer, perItem: number): Promise<true | DocumentRefusal>;
  /** Oldest first. */
  documentsOf(enquiryId: string): Promise<StoredDocument[]>;
  /** A document's sealed bytes; undefined when the enquiry has no such document. */
  documentData(enquiryId: string, id: string): Promise<Buffer | undefined>;
  /**
   * The retention sweep's part: erases the requests and documents of every enquiry in one of
   * `finalStatuses` whose last activity (its closing, or a later change) was before `before`.
   */
  eraseDocumentsOfClosed(before: string, finalStatuses: readonly string[]): Promise<ErasedDocuments>;
  /** For a move between stores: every request and document, oldest first, and taking them in with their ids. */
  allRequests(): Promise<DocumentRequest[]>;
  allDocuments(): Promise<StoredDocument[]>;
  /** False when it is here already or its enquiry (or request) is not. */
  importRequest(request: DocumentRequest): Promise<boolean>;
  importDocument(document: StoredDocument, data: Buffer): Promise<boolean>;
}
