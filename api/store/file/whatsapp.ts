import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import { phoneKey } from '../../../src/shared/phone';
import { enquiryPhone } from '../recordKeys';
import { conversationKey, movesForward, personPhoneOf, type WhatsAppMessage, type WhatsAppState } from '../../../src/shared/whatsapp';
import { isoNow, type Clock } from '../../clock';
import { whatsappEntry } from '../historyEntries';
import type { Actor } from '../Store';
import type { DueMessage, NewIncoming, NewOutgoing, Taken, UnmatchedConversation, WebhookPost, WhatsAppStore } from '../WhatsAppStore';
import type { FileAudit } from './audit';
import { writeDurably } from './durableJsonFile';
import type { FileEnquiries } from './enquiries';
import { openJsonFile } from './openJsonFile';
import { DIR_MODE, SegmentedRecords } from './segmentedRecords';
import { settle } from './settle';

type StoredMessage = Omit<WhatsAppMessage, 'id'> & { _id: string; attempts?: number };
type StoredPost = Omit<WebhookPost, 'id'> & { _id: string; nextAttemptAt: number };
/** A business-scoped user id, and the number it was seen with (or the number of the enquiry it was linked to). */
interface KnownUser {
  userId: string;
  phone: string;
  seenAt: string;
}
interface UsersData {
  users: KnownUser[];
}
const isUsersData = (data: unknown) => !!data && Array.isArray((data as UsersData).users);

const messageOf = ({ _id, attempts: _, ...rest }: StoredMessage): WhatsAppMessage => structuredClone({ id: _id, ...rest });

/**
 * WhatsApp in DATA_DIR/whatsapp/: the webhook's posts waiting to be read (posts/, segments
 * like the enquiries', each removed once read), the messages (messages/), each picture or
 * document sealed in a file of its own (media/, written and flushed before its message names it),
 * and the BSUIDs seen with a number (users.json). Each check and change happens in one
 * synchronous step of this one process; leases live in memory, since no other process shares the folder.
 */
export class FileWhatsApp implements WhatsAppStore {
  private readonly byWamid = new Map<string, string>();
  private readonly byEnquiry = new Map<string, string[]>();
  private readonly unmatchedIds = new Set<string>();
  private readonly queued = new Set<string>();
  /** The newest incoming message from each person's number (its ten digits), for the 24-hour window. */
  private readonly lastInByPhone = new Map<string, string>();
  private readonly leases = new Map<string, number>();

  private constructor(
    private readonly posts: SegmentedRecords<StoredPost>,
    private readonly messages: SegmentedRecords<StoredMessage>,
    private readonly users: Low<UsersData>,
    private readonly mediaDir: string,
    private readonly enquiries: FileEnquiries,
    private readonly audit: FileAudit,
    private readonly clock: Clock,
  ) {
    for (const message of [...messages.newestFirst()].reverse()) this.index(message);
  }

  static async open(dataDir: string, clock: Clock, enquiries: FileEnquiries, audit: FileAudit): Promise<FileWhatsApp> {
    const dir = path.join(dataDir, 'whatsapp');
    const mediaDir = path.join(dir, 'media');
    mkdirSync(mediaDir, { recursive: true, mode: DIR_MODE });
    const store = new FileWhatsApp(
      await SegmentedRecords.open(path.join(dir, 'posts')),
      await SegmentedRecords.open(path.join(dir, 'messages')),
      await openJsonFile<UsersData>(path.join(dir, 'users.json'), { users: [] }, isUsersData),
      mediaDir,
      enquiries,
      audit,
      clock,
    );
    // Files a crash left between their writing and their message, or between an erasure and their removal.
    for (const name of readdirSync(mediaDir)) if (!store.messages.get(name)?.media) rmSync(path.join(mediaDir, name), { force: true });
    return store;
  }

  private index(message: StoredMessage) {
    if (message.wamid) this.byWamid.set(message.wamid, message._id);
    if (message.enquiryId) this.byEnquiry.set(message.enquiryId, [...(this.byEnquiry.get(message.enquiryId) ?? []), message._id]);
    else if (message.direction === 'in') this.unmatchedIds.add(message._id);
    if (message.state === 'queued') this.queued.add(message._id);
    const key = personPhoneOf(message.phone);
    if (message.direction === 'in' && key && (this.lastInByPhone.get(key) ?? '') < message.at) this.lastInByPhone.set(key, message.at);
  }

  // The webhook's posts.

  async receive(body: string): Promise<void> {
    const now = this.clock.now();
    await this.posts.add({ _id: randomUUID(), receivedAt: new Date(now).toISOString(), body, attempts: 0, nextAttemptAt: now });
  }

  claimPosts(limit: number, leaseMs: number): Promise<WebhookPost[]> {
    return settle(() => {
      const now = this.clock.now();
      const due = [...this.posts.newestFirst()]
        .reverse()
        .filter((post) => post.nextAttemptAt <= now && (this.leases.get(post._id) ?? 0) <= now)
        .slice(0, limit);
      for (const post of due) this.leases.set(post._id, now + leaseMs);
      return due.map(({ _id, receivedAt, body, attempts }) => ({ id: _id, receivedAt, body, attempts }));
    });
  }

  async donePost(id: string): Promise<void> {
    await this.posts.delete([id]);
    this.leases.delete(id);
  }

  async retryPost(id: string, attempts: number, at: number): Promise<void> {
    await this.posts.update(id, (post) => {
      post.attempts = attempts;
      post.nextAttemptAt = at;
    });
    this.leases.delete(id);
  }

  // Incoming messages.

  private knownPhone(userId: string | undefined): string | undefined {
    return userId === undefined ? undefined : this.users.data.users.find((user) => user.userId === userId)?.phone;
  }

  private async remember(userId: string, phone: string, at: string): Promise<void> {
    const known = this.users.data.users.find((user) => user.userId === userId);
    if (known?.phone === phone) return;
    if (known) Object.assign(known, { phone, seenAt: at });
    else this.users.data.users.push({ userId, phone, seenAt: at });
    await this.users.write();
  }

  async addIncoming({ media, ...message }: NewIncoming, finalStatuses: readonly string[]): Promise<Taken> {
    if (this.byWamid.has(message.wamid)) return { taken: false };
    const id = randomUUID();
    // Held at once, so a retry of the same message arriving meanwhile is not taken twice.
    this.byWamid.set(message.wamid, id);
    try {
      const phone = message.phone ?? this.knownPhone(message.userId);
      const key = personPhoneOf(phone);
      const enquiry =
        key === undefined ? undefined : this.enquiries.ofPerson({ phone: key }).find((one) => !finalStatuses.includes(one.status));
      const record: StoredMessage = {
        _id: id,
        direction: 'in',
        ...(enquiry && { enquiryId: enquiry._id }),
        ...(phone !== undefined && { phone }),
        ...(message.userId !== undefined && { userId: message.userId }),
        ...(message.profileName !== undefined && { profileName: message.profileName }),
        wamid: message.wamid,
        at: message.at,
        kind: message.kind,
        ...(message.text !== undefined && { text: message.text }),
        ...(media && { media: { type: media.type, bytes: media.bytes, ...(media.name !== undefined && { name: media.name }) } }),
        ...(message.otherType !== undefined && { otherType: message.otherType }),
        ...(message.error !== undefined && { error: message.error }),
        state: 'received',
        stateAt: isoNow(this.clock),
      };
      if (media) await writeDurably(path.join(this.mediaDir, id), media.data);
      await this.messages.add(record);
      this.index(record);
      if (message.phone && message.userId) await this.remember(message.userId, message.phone, message.at);
      if (enquiry) await this.enquiries.recordOnEnquiry(enquiry._id);
      return { taken: true, message: messageOf(record) };
    } catch (error) {
      this.byWamid.delete(message.wamid);
      await rm(path.join(this.mediaDir, id), { force: true });
      throw error;
    }
  }

  knows(wamid: string): Promise<boolean> {
    return Promise.resolve(this.byWamid.has(wamid));
  }

  async recordStatus(wamid: string, state: WhatsAppState, at: string, error?: string): Promise<boolean> {
    const id = this.byWamid.get(wamid);
    const found = id === undefined ? undefined : this.messages.get(id);
    if (!found) return false;
    if (!movesForward(found.state, state)) return true;
    await this.messages.update(found._id, (message) => {
      message.state = state;
      message.stateAt = at;
      if (state === 'failed') message.error = error ?? 'WhatsApp gave no reason';
      else delete message.error;
    });
    return true;
  }

  // Conversations.

  private stored(ids: Iterable<string>): StoredMessage[] {
    return [...ids].map((id) => this.messages.get(id)!).sort((a, b) => a.at.localeCompare(b.at));
  }

  messagesOf(enquiryId: string): Promise<WhatsAppMessage[]> {
    return settle(() => this.stored(this.byEnquiry.get(enquiryId) ?? []).map(messageOf));
  }

  async mediaOf(messageId: string): Promise<Buffer | undefined> {
    if (!this.messages.get(messageId)?.media) return undefined;
    return readFile(path.join(this.mediaDir, messageId));
  }

  lastIncoming(enquiryId: string): Promise<string | undefined> {
    return settle(() => {
      const enquiry = this.enquiries.peek(enquiryId);
      const key = enquiry && phoneKey(enquiryPhone(enquiry));
      const onEnquiry = this.stored(this.byEnquiry.get(enquiryId) ?? []).filter((message) => message.direction === 'in');
      const times = [onEnquiry.at(-1)?.at, key && this.lastInByPhone.get(key)].filter((time): time is string => !!time);
      return times.sort().at(-1);
    });
  }

  async markSeen(enquiryId: string, at: string): Promise<void> {
    for (const message of this.stored(this.byEnquiry.get(enquiryId) ?? []))
      if (message.direction === 'in' && !message.seenAt)
        await this.messages.update(message._id, (found) => {
          found.seenAt = at;
        });
  }

  unmatched(limit: number): Promise<UnmatchedConversation[]> {
    return settle(() => {
      const byKey = new Map<string, UnmatchedConversation>();
      for (const message of this.stored(this.unmatchedIds)) {
        const key = conversationKey(message);
        const conversation = byKey.get(key);
        byKey.set(key, {
          key,
          ...(message.phone !== undefined && { phone: message.phone }),
          ...((message.userId ?? conversation?.userId) !== undefined && { userId: message.userId ?? conversation?.userId }),
          ...((message.profileName ?? conversation?.profileName) !== undefined && {
            profileName: message.profileName ?? conversation?.profileName,
          }),
          last: messageOf(message),
          count: (conversation?.count ?? 0) + 1,
        });
      }
      return [...byKey.values()].sort((a, b) => b.last.at.localeCompare(a.last.at)).slice(0, limit);
    });
  }

  unmatchedMessages(key: string): Promise<WhatsAppMessage[]> {
    return settle(() =>
      this.stored(this.unmatchedIds)
        .filter((message) => conversationKey(message) === key)
        .map(messageOf),
    );
  }

  async link(key: string, enquiryId: string, by: Actor): Promise<boolean> {
    const enquiry = this.enquiries.peek(enquiryId);
    const messages = this.stored(this.unmatchedIds).filter((message) => conversationKey(message) === key);
    if (!enquiry || messages.length === 0) return false;
    const at = isoNow(this.clock);
    const phone = enquiryPhone(enquiry);
    for (const message of messages) {
      await this.messages.update(message._id, (found) => {
        found.enquiryId = enquiryId;
      });
      this.unmatchedIds.delete(message._id);
      this.index({ ...message, enquiryId });
      if (message.userId && !message.phone) await this.remember(message.userId, phone, at);
    }
    await this.enquiries.recordOnEnquiry(enquiryId, whatsappEntry('linked', at, by));
    await this.audit.add({
      account: by.username,
      accountId: by.id,
      action: 'whatsapp-link',
      enquiryId,
      detail: `${messages.length} messages`,
    });
    return true;
  }

  // The firm's messages.

  async addOutgoing(message: NewOutgoing): Promise<WhatsAppMessage | undefined> {
    const enquiry = this.enquiries.peek(message.enquiryId);
    if (!enquiry) return undefined;
    const at = isoNow(this.clock);
    // Replies go where the person last wrote from (a number, or a BSUID); otherwise to the number they gave.
    const lastIn = this.stored(this.byEnquiry.get(message.enquiryId) ?? [])
      .filter((one) => one.direction === 'in')
      .at(-1);
    const to = lastIn
      ? { ...(lastIn.phone && { phone: lastIn.phone }), ...(lastIn.userId && { userId: lastIn.userId }) }
      : { phone: enquiryPhone(enquiry) };
    const record: StoredMessage = {
      _id: randomUUID(),
      direction: 'out',
      enquiryId: message.enquiryId,
      ...to,
      at,
      kind: message.kind,
      text: message.text,
      ...(message.template && { template: message.template }),
      state: 'queued',
      stateAt: at,
      ...(message.action !== 'whatsapp-status-update' && { by: { id: message.by.id, username: message.by.username } }),
      ...(message.sendAfter !== undefined && { sendAfter: message.sendAfter }),
      attempts: 0,
    };
    // The message first: nothing the enquirer receives is missing from the enquiry, whatever stops between the writes.
    await this.messages.add(record);
    this.index(record);
    if (message.contact)
      await this.enquiries.recordContact(
        message.enquiryId,
        { channel: 'whatsapp', messageId: record._id, ...(message.template && { template: message.template.id }), ...message.contact },
        message.by,
      );
    else await this.enquiries.recordOnEnquiry(message.enquiryId, whatsappEntry('status-update', at, message.by, record._id));
    await this.audit.add({ account: message.by.username, accountId: message.by.id, action: message.action, enquiryId: message.enquiryId });
    return messageOf(record);
  }

  claimOutgoing(limit: number, leaseMs: number): Promise<DueMessage[]> {
    return settle(() => {
      const now = this.clock.now();
      const due = this.stored(this.queued)
        .filter(
          (message) =>
            !message.held &&
            (message.sendAfter === undefined || Date.parse(message.sendAfter) <= now) &&
            (this.leases.get(message._id) ?? 0) <= now,
        )
        .slice(0, limit);
      for (const message of due) this.leases.set(message._id, now + leaseMs);
      return due.map((message) => ({
        message: messageOf(message),
        to: message.phone ? { phone: message.phone } : { userId: message.userId! },
        attempts: message.attempts ?? 0,
      }));
    });
  }

  async recordSend(
    id: string,
    outcome: { state: 'sent'; wamid: string } | { state: 'failed'; error: string } | { retryAt: string; attempts: number },
  ): Promise<void> {
    const at = isoNow(this.clock);
    const saved = await this.messages.update(id, (message) => {
      if ('retryAt' in outcome) {
        message.sendAfter = outcome.retryAt;
        message.attempts = outcome.attempts;
        return;
      }
      message.state = outcome.state;
      message.stateAt = at;
      delete message.sendAfter;
      if (outcome.state === 'sent') message.wamid = outcome.wamid;
      else message.error = outcome.error;
    });
    this.leases.delete(id);
    if (saved && saved.state !== 'queued') this.queued.delete(id);
    if (saved?.wamid) this.byWamid.set(saved.wamid, id);
  }

  /** Erases the conversations of enquiries that are gone: their segments rewritten, then their files removed. */
  async forget(enquiryIds: Iterable<string>): Promise<number> {
    const ids: string[] = [];
    for (const enquiryId of enquiryIds) {
      ids.push(...(this.byEnquiry.get(enquiryId) ?? []));
      this.byEnquiry.delete(enquiryId);
    }
    return this.erase(ids);
  }

  private async erase(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const withMedia = ids.filter((id) => this.messages.get(id)?.media);
    for (const id of ids) {
      const message = this.messages.get(id)!;
      if (message.wamid) this.byWamid.delete(message.wamid);
      this.unmatchedIds.delete(id);
      this.queued.delete(id);
      this.leases.delete(id);
    }
    await this.messages.delete(ids);
    await Promise.all(withMedia.map((id) => rm(path.join(this.mediaDir, id), { force: true })));
    return ids.length;
  }

  async flush(): Promise<void> {
    await Promise.all([this.posts.flush(), this.messages.flush(), this.users.write()]);
  }
}
