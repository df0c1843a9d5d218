import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ListPage } from '../../../src/shared/listPage';
import type { PrivacyRequest } from '../../../src/shared/privacyRequests';
import { emailKey, phoneOf } from '../recordKeys';
import type {
  ErasedCount,
  NewPrivacyRequest,
  PeopleStore,
  PersonData,
  PersonKey,
  PrivacyRequestChange,
  PrivacyRequestQuery,
} from '../PeopleStore';
import { BadCursorError } from '../storeErrors';
import { isoNow, type Clock } from '../../clock';
import type { FileEnquiries } from './enquiries';
import { SegmentedRecords } from './segmentedRecords';
import { settle } from './settle';

/**
 * What is kept about each person: their requests about personal data, in DATA_DIR/privacy-requests/
 * in segments like the enquiries, and their enquiries, found and erased through the enquiries' part.
 */
export class FilePeople implements PeopleStore {
  private constructor(
    private readonly records: SegmentedRecords<PrivacyRequest>,
    private readonly enquiries: FileEnquiries,
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, enquiries: FileEnquiries, clock: Clock): Promise<FilePeople> {
    return new FilePeople(await SegmentedRecords.open<PrivacyRequest>(path.join(dataDir, 'privacy-requests')), enquiries, clock);
  }

  async addRequest({ fields, dueOn }: NewPrivacyRequest): Promise<PrivacyRequest> {
    const createdAt = isoNow(this.clock);
    const request: PrivacyRequest = {
      _id: randomUUID(),
      createdAt,
      fields,
      status: 'open',
      dueOn,
      lastActivityAt: createdAt,
      history: [],
    };
    await this.records.add(request);
    return request;
  }

  /** A request kept elsewhere, with its id, times and history; false if it was already here. */
  async importRequest(request: PrivacyRequest): Promise<boolean> {
    if (this.records.get(request._id)) return false;
    await this.records.add(structuredClone(request));
    return true;
  }

  /** Newest first; a cursor is the id of the last request of the page before. */
  listRequests({ status, limit, cursor }: PrivacyRequestQuery): Promise<ListPage<PrivacyRequest>> {
    return settle(() => {
      const matching = [...this.records.newestFirst()].filter((request) => status === undefined || request.status === status);
      let start = 0;
      if (cursor !== undefined) {
        start = matching.findIndex((request) => request._id === cursor) + 1;
        if (start === 0) throw new BadCursorError();
      }
      const items = matching.slice(start, start + limit);
      return { items, nextCursor: start + limit < matching.length ? items.at(-1)!._id : null, total: matching.length };
    });
  }

  updateRequest(id: string, { status, reason }: PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined> {
    return this.records.update(id, (request) => {
      const at = isoNow(this.clock);
      request.history.push({ at, by, from: request.status, to: status, ...(reason && { reason }) });
      request.status = status;
      if (reason) request.reason = reason;
      else delete request.reason;
      request.lastActivityAt = at;
    });
  }

  find(who: PersonKey): Promise<PersonData> {
    return settle(() => ({ enquiries: this.enquiries.ofPerson(who), requests: this.requestsOf(who) }));
  }

  async erase(who: PersonKey): Promise<ErasedCount> {
    const enquiries = await this.enquiries.erasePerson(who);
    const requests = await this.records.delete(this.requestsOf(who).map((request) => request._id));
    return { enquiries, requests };
  }

  async eraseInactive(before: string): Promise<ErasedCount> {
    const enquiries = await this.enquiries.eraseInactive(before);
    const inactive = [...this.records.newestFirst()].filter((request) => request.lastActivityAt < before);
    const requests = await this.records.delete(inactive.map((request) => request._id));
    return { enquiries, requests };
  }

  private requestsOf(who: PersonKey): PrivacyRequest[] {
    return [...this.records.newestFirst()].filter((request) =>
      'phone' in who ? phoneOf('privacy', request.fields) === who.phone : emailKey(request.fields.email) === who.email,
    );
  }

  flush(): Promise<void> {
    return this.records.flush();
  }
}
