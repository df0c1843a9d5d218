import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ListPage } from '../../../src/shared/desk';
import type { PrivacyRequest } from '../../../src/shared/privacyRequests';
import { emailKey, phoneOf } from '../recordKeys';
import type { NewPrivacyRequest, PersonKey, PrivacyRequestChange, PrivacyRequestQuery } from '../Store';
import { BadCursorError } from '../storeErrors';
import { isoNow, type Clock } from '../../clock';
import { RecordShelf } from './recordShelf';

/** Requests about personal data, in DATA_DIR/privacy-requests/ in segments like the enquiries. */
export class PrivacyRequestFile {
  private constructor(
    private readonly shelf: RecordShelf<PrivacyRequest>,
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, clock: Clock): Promise<PrivacyRequestFile> {
    return new PrivacyRequestFile(await RecordShelf.open<PrivacyRequest>(path.join(dataDir, 'privacy-requests')), clock);
  }

  async add({ fields, dueOn }: NewPrivacyRequest): Promise<PrivacyRequest> {
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
    await this.shelf.add(request);
    return request;
  }

  /** A request kept elsewhere, with its id, times and history; false if it was already here. */
  async import(request: PrivacyRequest): Promise<boolean> {
    if (this.shelf.get(request._id)) return false;
    await this.shelf.add(structuredClone(request));
    return true;
  }

  /** Newest first; a cursor is the id of the last request of the page before. */
  list({ status, limit, cursor }: PrivacyRequestQuery): ListPage<PrivacyRequest> {
    const matching = [...this.shelf.newestFirst()].filter((request) => status === undefined || request.status === status);
    let start = 0;
    if (cursor !== undefined) {
      start = matching.findIndex((request) => request._id === cursor) + 1;
      if (start === 0) throw new BadCursorError();
    }
    const items = matching.slice(start, start + limit);
    return { items, nextCursor: start + limit < matching.length ? items.at(-1)!._id : null, total: matching.length };
  }

  update(id: string, { status, reason }: PrivacyRequestChange, by: string): Promise<PrivacyRequest | undefined> {
    return this.shelf.update(id, (request) => {
      const at = isoNow(this.clock);
      request.history.push({ at, by, from: request.status, to: status, ...(reason && { reason }) });
      request.status = status;
      if (reason) request.reason = reason;
      else delete request.reason;
      request.lastActivityAt = at;
    });
  }

  ofPerson(who: PersonKey): PrivacyRequest[] {
    return [...this.shelf.newestFirst()].filter((request) =>
      'phone' in who ? phoneOf('privacy', request.fields) === who.phone : emailKey(request.fields.email) === who.email,
    );
  }

  inactiveBefore(before: string): string[] {
    return [...this.shelf.newestFirst()].filter((request) => request.lastActivityAt < before).map((request) => request._id);
  }

  erase(ids: string[]): Promise<number> {
    return this.shelf.delete(ids);
  }

  flush(): Promise<void> {
    return this.shelf.flush();
  }
}
