import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Actor } from '../Store';
import type { DocumentRefusal, DocumentRequest, DocumentStore, ErasedDocuments, StoredDocument } from '../DocumentStore';
import { writeDurably } from './durableJsonFile';
import { DIR_MODE, SegmentedRecords } from './segmentedRecords';

/** Segmented records are named by `_id`. */
type Shelved<T extends { id: string }> = Omit<T, 'id'> & { _id: string };
const shelved = <T extends { id: string }>({ id, ...rest }: T): Shelved<T> => structuredClone({ _id: id, ...rest });
const unshelved = <T extends { id: string }>({ _id, ...rest }: Shelved<T>): T => structuredClone({ id: _id, ...rest }) as unknown as T;

/** What the sweep needs to know of an enquiry. */
export type EnquiryState = (id: string) => { status: string; lastActivityAt: string } | undefined;

/**
 * Requests and documents in DATA_DIR: the requests in document-requests/ and the documents' details
 * in documents/ (segment files like the enquiries'), each document's sealed bytes in a file of its
 * own in document-files/, written and flushed before its details name it (a crash in between
 * leaves a file nobody names, removed at the next start) and removed after they stop naming it.
 * Each check and change happens in one synchronous step of this one process.
 */
export class FileDocuments implements DocumentStore {
  private readonly requestsByEnquiry = new Map<string, string[]>();
  private readonly documentsByEnquiry = new Map<string, string[]>();
  private readonly requestByHash = new Map<string, string>();
  /** Files being written for each request's item, counted before the first await so two uploads cannot both take the last place. */
  private readonly inFlight = new Map<string, number>();

  private constructor(
    private readonly requests: SegmentedRecords<Shelved<DocumentRequest>>,
    private readonly documents: SegmentedRecords<Shelved<StoredDocument>>,
    private readonly filesDir: string,
    private readonly enquiry: EnquiryState,
  ) {
    for (const request of [...requests.newestFirst()].reverse()) {
      this.index(this.requestsByEnquiry, request.enquiryId, request._id);
      this.requestByHash.set(request.tokenHash, request._id);
    }
    for (const document of [...documents.newestFirst()].reverse()) this.index(this.documentsByEnquiry, document.enquiryId, document._id);
  }

  static async open(dataDir: string, enquiry: EnquiryState): Promise<FileDocuments> {
    const filesDir = path.join(dataDir, 'document-files');
    mkdirSync(filesDir, { recursive: true, mode: DIR_MODE });
    const store = new FileDocuments(
      await SegmentedRecords.open(path.join(dataDir, 'document-requests')),
      await SegmentedRecords.open(path.join(dataDir, 'documents')),
      filesDir,
      enquiry,
    );
    // Files a crash left between their writing and their listing, or between an erasure and their removal.
    for (const name of readdirSync(filesDir)) if (!store.documents.get(name)) rmSync(path.join(filesDir, name), { force: true });
    return store;
  }

  private index(map: Map<string, string[]>, enquiryId: string, id: string) {
    map.set(enquiryId, [...(map.get(enquiryId) ?? []), id]);
  }

  async addRequest(request: DocumentRequest): Promise<boolean> {
    if (!this.enquiry(request.enquiryId) || this.requests.get(request.id) || this.requestByHash.has(request.tokenHash)) return false;
    await this.requests.add(shelved(request));
    this.index(this.requestsByEnquiry, request.enquiryId, request.id);
    this.requestByHash.set(request.tokenHash, request.id);
    return true;
  }

  requestByToken(tokenHash: string): Promise<DocumentRequest | undefined> {
    const request = this.requests.get(this.requestByHash.get(tokenHash) ?? '');
    return Promise.resolve(request && unshelved(request));
  }

  requestsOf(enquiryId: string): Promise<DocumentRequest[]> {
    return Promise.resolve((this.requestsByEnquiry.get(enquiryId) ?? []).map((id) => unshelved(this.requests.get(id)!)));
  }

  async revokeRequest(enquiryId: string, id: string, at: string, by: Actor): Promise<DocumentRequest | undefined> {
    const found = this.requests.get(id);
    if (!found || found.enquiryId !== enquiryId) return undefined;
    if (found.revokedAt) return unshelved(found);
    const saved = await this.requests.update(id, (request) => {
      request.revokedAt = at;
      request.revokedBy = { ...by };
    });
    return saved && unshelved(saved);
  }

  async addDocument(document: StoredDocument, data: Buffer, perItem: number): Promise<true | DocumentRefusal> {
    const request = this.requests.get(document.requestId);
    if (!request || request.enquiryId !== document.enquiryId || request.revokedAt || request.expiresAt <= document.at) return 'closed';
    if (!this.enquiry(document.enquiryId)) return 'closed';
    const slot = `${document.requestId}:${document.item}`;
    const held = (this.documentsByEnquiry.get(document.enquiryId) ?? []).filter((id) => {
      const other = this.documents.get(id)!;
      return other.requestId === document.requestId && other.item === document.item;
    }).length;
    if (held + (this.inFlight.get(slot) ?? 0) >= perItem) return 'full';
    this.inFlight.set(slot, (this.inFlight.get(slot) ?? 0) + 1);
    try {
      if (!(await this.keep(document, data))) return 'closed';
      return true;
    } finally {
      this.inFlight.set(slot, this.inFlight.get(slot)! - 1);
      if (this.inFlight.get(slot) === 0) this.inFlight.delete(slot);
    }
  }

  /** Writes the file, then lists it; false (and nothing kept) when its enquiry was erased meanwhile. */
  private async keep(document: StoredDocument, data: Buffer): Promise<boolean> {
    const file = path.join(this.filesDir, document.id);
    await writeDurably(file, data);
    if (!this.enquiry(document.enquiryId) || !this.requests.get(document.requestId)) {
      await rm(file, { force: true });
      return false;
    }
    try {
      await this.documents.add(shelved(document));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    this.index(this.documentsByEnquiry, document.enquiryId, document.id);
    return true;
  }

  documentsOf(enquiryId: string): Promise<StoredDocument[]> {
    return Promise.resolve((this.documentsByEnquiry.get(enquiryId) ?? []).map((id) => unshelved(this.documents.get(id)!)));
  }

  async documentData(enquiryId: string, id: string): Promise<Buffer | undefined> {
    const document = this.documents.get(id);
    if (!document || document.enquiryId !== enquiryId) return undefined;
    return readFile(path.join(this.filesDir, id));
  }

  async eraseDocumentsOfClosed(before: string, finalStatuses: readonly string[]): Promise<ErasedDocuments> {
    const closed = [...new Set([...this.requestsByEnquiry.keys(), ...this.documentsByEnquiry.keys()])].filter((id) => {
      const state = this.enquiry(id);
      return state !== undefined && finalStatuses.includes(state.status) && state.lastActivityAt < before;
    });
    return this.forget(closed);
  }

  allRequests(): Promise<DocumentRequest[]> {
    return Promise.resolve([...this.requests.newestFirst()].reverse().map((request) => unshelved(request)));
  }

  allDocuments(): Promise<StoredDocument[]> {
    return Promise.resolve([...this.documents.newestFirst()].reverse().map((document) => unshelved(document)));
  }

  async importRequest(request: DocumentRequest): Promise<boolean> {
    return this.addRequest(request);
  }

  async importDocument(document: StoredDocument, data: Buffer): Promise<boolean> {
    const request = this.requests.get(document.requestId);
    if (this.documents.get(document.id) || !request || request.enquiryId !== document.enquiryId) return false;
    return this.keep(document, data);
  }

  /** Erases the requests and documents of enquiries that are gone: their segments rewritten, then their files removed. */
  async forget(enquiryIds: Iterable<string>): Promise<ErasedDocuments> {
    const requests: string[] = [];
    const documents: string[] = [];
    for (const enquiryId of enquiryIds) {
      requests.push(...(this.requestsByEnquiry.get(enquiryId) ?? []));
      for (const id of this.requestsByEnquiry.get(enquiryId) ?? []) this.requestByHash.delete(this.requests.get(id)!.tokenHash);
      documents.push(...(this.documentsByEnquiry.get(enquiryId) ?? []));
      this.requestsByEnquiry.delete(enquiryId);
      this.documentsByEnquiry.delete(enquiryId);
    }
    if (documents.length) await this.documents.delete(documents);
    if (requests.length) await this.requests.delete(requests);
    await Promise.all(documents.map((id) => rm(path.join(this.filesDir, id), { force: true })));
    return { requests: requests.length, documents: documents.length };
  }

  async flush(): Promise<void> {
    await Promise.all([this.requests.flush(), this.documents.flush()]);
  }
}
