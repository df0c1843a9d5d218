import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { conversationKey, movesForward, personPhoneOf, type WhatsAppMessage, type WhatsAppState } from '../../../src/shared/whatsapp';
import type { Clock } from '../../clock';
import { contactEntry, whatsappEntry } from '../historyEntries';
import type { Actor } from '../Store';
import type { DueMessage, NewIncoming, NewOutgoing, Taken, UnmatchedConversation, WebhookPost, WhatsAppStore } from '../WhatsAppStore';
import { insertAudit } from './audit';
import { inTransaction, rollback } from './inTransaction';
import { changeEnquiryIn } from './enquiryChanges';
import { contacted } from './enquiries';

interface MessageRow {
  id: string;
  wamid: string | null;
  direction: 'in' | 'out';
  enquiry_id: string | null;
  phone: string | null;
  user_id: string | null;
  profile_name: string | null;
  at: Date;
  kind: WhatsAppMessage['kind'];
  text: string | null;
  media: WhatsAppMessage['media'] | null;
  other_type: string | null;
  template: WhatsAppMessage['template'] | null;
  state: WhatsAppState;
  state_at: Date;
  error: string | null;
  by_account: Actor | null;
  send_after: Date | null;
  held: 'cap' | null;
  seen_at: Date | null;
}

const MESSAGE_COLUMNS = `id, wamid, direction, enquiry_id, phone, user_id, profile_name, at, kind, text, media, other_type,
  template, state, state_at, error, by_account, send_after, held, seen_at`;

function messageOf(row: MessageRow): WhatsAppMessage {
  return {
    id: row.id,
    ...(row.wamid !== null && { wamid: row.wamid }),
    direction: row.direction,
    ...(row.enquiry_id !== null && { enquiryId: row.enquiry_id }),
    ...(row.phone !== null && { phone: row.phone }),
    ...(row.user_id !== null && { userId: row.user_id }),
    ...(row.profile_name !== null && { profileName: row.profile_name }),
    at: row.at.toISOString(),
    kind: row.kind,
    ...(row.text !== null && { text: row.text }),
    ...(row.media && { media: row.media }),
    ...(row.other_type !== null && { otherType: row.other_type }),
    ...(row.template && { template: row.template }),
    state: row.state,
    stateAt: row.state_at.toISOString(),
    ...(row.error !== null && { error: row.error }),
    ...(row.by_account && { by: row.by_account }),
    ...(row.send_after && { sendAfter: row.send_after.toISOString() }),
    ...(row.held && { held: row.held }),
    ...(row.seen_at && { seenAt: row.seen_at.toISOString() }),
  };
}

/** The same sender's messages: by number, or by BSUID when the number was withheld (see conversationKey). */
const BY_KEY = `(CASE WHEN $1 LIKE '+%' THEN phone = $1 ELSE phone IS NULL AND user_id = $1 END)`;

/**
 * WhatsApp on PostgreSQL: whatsapp_posts (the webhook's posts until read), whatsapp_messages (each
 * once, by its unique wamid) and whatsapp_users (the BSUIDs seen with a number). Posts and
 * outgoing messages are claimed with FOR UPDATE SKIP LOCKED, so of several instances one takes each.
 */
export class PgWhatsApp implements WhatsAppStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  private now(): Date {
    return new Date(this.clock.now());
  }

  async receive(body: string): Promise<void> {
    const now = this.now();
    await this.pool.query('INSERT INTO whatsapp_posts (id, received_at, body, next_attempt_at) VALUES ($1, $2, $3, $2)', [
      randomUUID(),
      now,
      body,
    ]);
  }

  async claimPosts(limit: number, leaseMs: number): Promise<WebhookPost[]> {
    const now = this.now();
    const { rows } = await this.pool.query<{ id: string; received_at: Date; body: string; attempts: number }>(
      `UPDATE whatsapp_posts SET next_attempt_at = $2
       WHERE id IN (SELECT id FROM whatsapp_posts WHERE next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, received_at, body, attempts`,
      [now, new Date(now.getTime() + leaseMs), limit],
    );
    return rows
      .map((row) => ({ id: row.id, receivedAt: row.received_at.toISOString(), body: row.body, attempts: row.attempts }))
      .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  }

  async donePost(id: string): Promise<void> {
    await this.pool.query('DELETE FROM whatsapp_posts WHERE id = $1', [id]);
  }

  async retryPost(id: string, attempts: number, at: number): Promise<void> {
    await this.pool.query('UPDATE whatsapp_posts SET attempts = $2, next_attempt_at = $3 WHERE id = $1', [id, attempts, new Date(at)]);
  }

  async addIncoming({ media, ...message }: NewIncoming, finalStatuses: readonly string[]): Promise<Taken> {
    const now = this.now();
    return inTransaction<Taken>(this.pool, async (client) => {
      const known =
        message.phone === undefined && message.userId !== undefined
          ? (await client.query<{ phone: string }>('SELECT phone FROM whatsapp_users WHERE user_id = $1', [message.userId])).rows[0]?.phone
          : undefined;
      const phone = message.phone ?? known;
      const personPhone = personPhoneOf(phone) ?? null;
      const enquiryId =
        personPhone === null
          ? undefined
          : (
              await client.query<{ id: string }>(
                `SELECT id FROM enquiries WHERE phone = $1 AND NOT (status = ANY($2)) ORDER BY created_at DESC LIMIT 1 FOR SHARE`,
                [personPhone, finalStatuses],
              )
            ).rows[0]?.id;
      const { rows } = await client.query<MessageRow>(
        `INSERT INTO whatsapp_messages (id, wamid, direction, enquiry_id, phone, person_phone, user_id, profile_name, at, kind, text,
           media, media_data, other_type, error, state, state_at)
         VALUES ($1, $2, 'in', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15, 'received', $14)
         ON CONFLICT (wamid) DO NOTHING RETURNING ${MESSAGE_COLUMNS}`,
        [
          randomUUID(),
          message.wamid,
          enquiryId ?? null,
          phone ?? null,
          personPhone,
          message.userId ?? null,
          message.profileName ?? null,
          message.at,
          message.kind,
          message.text ?? null,
          media ? { type: media.type, bytes: media.bytes, ...(media.name !== undefined && { name: media.name }) } : null,
          media?.data ?? null,
          message.otherType ?? null,
          now,
          message.error ?? null,
        ],
      );
      const row = rows[0];
      if (!row) return rollback<Taken>({ taken: false });
      if (message.phone !== undefined && message.userId !== undefined) await remember(client, message.userId, message.phone, message.at);
      if (enquiryId !== undefined) await client.query('UPDATE enquiries SET last_activity_at = $2 WHERE id = $1', [enquiryId, now]);
      return { taken: true, message: messageOf(row) };
    });
  }

  async knows(wamid: string): Promise<boolean> {
    return (await this.pool.query('SELECT 1 FROM whatsapp_messages WHERE wamid = $1', [wamid])).rowCount === 1;
  }

  async recordStatus(wamid: string, state: WhatsAppState, at: string, error?: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; state: WhatsAppState }>(
        'SELECT id, state FROM whatsapp_messages WHERE wamid = $1 FOR UPDATE',
        [wamid],
      );
      const found = rows[0];
      if (!found) return false;
      if (movesForward(found.state, state))
        await client.query('UPDATE whatsapp_messages SET state = $2, state_at = $3, error = $4 WHERE id = $1', [
          found.id,
          state,
          at,
          state === 'failed' ? (error ?? 'WhatsApp gave no reason') : null,
        ]);
      return true;
    });
  }

  async messagesOf(enquiryId: string): Promise<WhatsAppMessage[]> {
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM whatsapp_messages WHERE enquiry_id = $1 ORDER BY at, id`,
      [enquiryId],
    );
    return rows.map(messageOf);
  }

  async mediaOf(messageId: string): Promise<Buffer | undefined> {
    const { rows } = await this.pool.query<{ media_data: Buffer | null }>('SELECT media_data FROM whatsapp_messages WHERE id = $1', [
      messageId,
    ]);
    return rows[0]?.media_data ?? undefined;
  }

  async lastIncoming(enquiryId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ at: Date | null }>(
      `SELECT greatest(
         (SELECT max(at) FROM whatsapp_messages WHERE enquiry_id = $1 AND direction = 'in'),
         (SELECT max(m.at) FROM whatsapp_messages m JOIN enquiries e ON e.id = $1 AND e.phone <> '' AND m.person_phone = e.phone
          WHERE m.direction = 'in')) AS at`,
      [enquiryId],
    );
    return rows[0]?.at?.toISOString();
  }

  async markSeen(enquiryId: string, at: string): Promise<void> {
    await this.pool.query(`UPDATE whatsapp_messages SET seen_at = $2 WHERE enquiry_id = $1 AND direction = 'in' AND seen_at IS NULL`, [
      enquiryId,
      at,
    ]);
  }

  async unmatched(limit: number): Promise<UnmatchedConversation[]> {
    const { rows } = await this.pool.query<MessageRow & { key: string; count: number; any_user: string | null; any_name: string | null }>(
      `SELECT DISTINCT ON (key) *, count(*) OVER (PARTITION BY key)::int AS count,
         max(user_id) OVER (PARTITION BY key) AS any_user, max(profile_name) OVER (PARTITION BY key) AS any_name
       FROM (SELECT ${MESSAGE_COLUMNS}, coalesce(phone, user_id) AS key FROM whatsapp_messages WHERE enquiry_id IS NULL AND direction = 'in') m
       ORDER BY key, at DESC, id DESC`,
    );
    return rows
      .map((row) => ({
        key: row.key,
        ...(row.phone !== null && { phone: row.phone }),
        ...((row.user_id ?? row.any_user) !== null && { userId: (row.user_id ?? row.any_user)! }),
        ...((row.profile_name ?? row.any_name) !== null && { profileName: (row.profile_name ?? row.any_name)! }),
        last: messageOf(row),
        count: row.count,
      }))
      .sort((a, b) => b.last.at.localeCompare(a.last.at))
      .slice(0, limit);
  }

  async unmatchedMessages(key: string): Promise<WhatsAppMessage[]> {
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM whatsapp_messages WHERE enquiry_id IS NULL AND direction = 'in' AND ${BY_KEY} ORDER BY at, id`,
      [key],
    );
    return rows.map(messageOf).filter((message) => conversationKey(message) === key);
  }

  async link(key: string, enquiryId: string, by: Actor): Promise<boolean> {
    const at = this.now().toISOString();
    return inTransaction(this.pool, async (client) => {
      const enquiry = (await client.query<{ phone: string }>('SELECT phone FROM enquiries WHERE id = $1 FOR UPDATE', [enquiryId])).rows[0];
      if (!enquiry) return rollback(false);
      const { rows } = await client.query<{ user_id: string | null; phone: string | null }>(
        `UPDATE whatsapp_messages SET enquiry_id = $2 WHERE enquiry_id IS NULL AND direction = 'in' AND ${BY_KEY} RETURNING user_id, phone`,
        [key, enquiryId],
      );
      if (rows.length === 0) return rollback(false);
      for (const userId of new Set(rows.filter((row) => row.phone === null && row.user_id !== null).map((row) => row.user_id!)))
        await remember(client, userId, `+91${enquiry.phone}`, at);
      await changeEnquiryIn(client, enquiryId, by.username, at, () => ({ events: [whatsappEntry('linked', at, by)], change: {} }));
      await insertAudit(
        client,
        { account: by.username, accountId: by.id, action: 'whatsapp-link', enquiryId, detail: `${rows.length} messages` },
        new Date(at),
      );
      return true;
    });
  }

  async addOutgoing(message: NewOutgoing): Promise<WhatsAppMessage | undefined> {
    const at = this.now().toISOString();
    return inTransaction<WhatsAppMessage | undefined>(this.pool, async (client) => {
      const enquiry = (await client.query<{ phone: string }>('SELECT phone FROM enquiries WHERE id = $1 FOR UPDATE', [message.enquiryId]))
        .rows[0];
      if (!enquiry) return rollback(undefined);
      // Replies go where the person last wrote from (a number, or a BSUID); otherwise to the number they gave.
      const lastIn = (
        await client.query<{ phone: string | null; user_id: string | null }>(
          `SELECT phone, user_id FROM whatsapp_messages WHERE enquiry_id = $1 AND direction = 'in' ORDER BY at DESC, id DESC LIMIT 1`,
          [message.enquiryId],
        )
      ).rows[0];
      const phone = lastIn ? lastIn.phone : enquiry.phone ? `+91${enquiry.phone}` : null;
      const id = randomUUID();
      const { rows } = await client.query<MessageRow>(
        `INSERT INTO whatsapp_messages (id, direction, enquiry_id, phone, person_phone, user_id, at, kind, text, template, state, state_at,
           by_account, send_after)
         VALUES ($1, 'out', $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $6, $10, $11) RETURNING ${MESSAGE_COLUMNS}`,
        [
          id,
          message.enquiryId,
          phone,
          personPhoneOf(phone ?? undefined) ?? null,
          lastIn?.user_id ?? null,
          at,
          message.kind,
          message.text,
          message.template ?? null,
          message.action === 'whatsapp-status-update' ? null : { id: message.by.id, username: message.by.username },
          message.sendAfter ?? null,
        ],
      );
      const move = message.contact;
      await changeEnquiryIn(client, message.enquiryId, message.by.username, at, (current) =>
        move
          ? contacted(
              current,
              contactEntry(
                { channel: 'whatsapp', messageId: id, ...(message.template && { template: message.template.id }), ...move },
                at,
                message.by,
              ),
              move,
              at,
              message.by,
            )
          : { events: [whatsappEntry('status-update', at, message.by, id)], change: {} },
      );
      await insertAudit(
        client,
        { account: message.by.username, accountId: message.by.id, action: message.action, enquiryId: message.enquiryId },
        new Date(at),
      );
      return messageOf(rows[0]!);
    });
  }

  async claimOutgoing(limit: number, leaseMs: number): Promise<DueMessage[]> {
    const now = this.now();
    const { rows } = await this.pool.query<MessageRow & { attempts: number }>(
      `UPDATE whatsapp_messages SET leased_until = $2
       WHERE id IN (
         SELECT id FROM whatsapp_messages
         WHERE state = 'queued' AND held IS NULL AND coalesce(send_after, at) <= $1 AND coalesce(leased_until, $1) <= $1
         ORDER BY at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING ${MESSAGE_COLUMNS}, attempts`,
      [now, new Date(now.getTime() + leaseMs), limit],
    );
    return rows
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((row) => {
        const message = messageOf(row);
        return { message, to: message.phone ? { phone: message.phone } : { userId: message.userId! }, attempts: row.attempts };
      });
  }

  async recordSend(
    id: string,
    outcome: { state: 'sent'; wamid: string } | { state: 'failed'; error: string } | { retryAt: string; attempts: number },
  ): Promise<void> {
    if ('retryAt' in outcome) {
      await this.pool.query('UPDATE whatsapp_messages SET send_after = $2, attempts = $3, leased_until = NULL WHERE id = $1', [
        id,
        outcome.retryAt,
        outcome.attempts,
      ]);
      return;
    }
    await this.pool.query(
      `UPDATE whatsapp_messages SET state = $2, state_at = $3, wamid = $4, error = $5, send_after = NULL, leased_until = NULL WHERE id = $1`,
      [id, outcome.state, this.now(), outcome.state === 'sent' ? outcome.wamid : null, outcome.state === 'failed' ? outcome.error : null],
    );
  }
}

/** Remembers a BSUID with the number it came with (or the number of the enquiry it was linked to). */
async function remember(client: pg.PoolClient, userId: string, phone: string, at: string): Promise<void> {
  await client.query(
    `INSERT INTO whatsapp_users (user_id, phone, person_phone, seen_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET phone = $2, person_phone = $3, seen_at = $4 WHERE whatsapp_users.phone <> $2`,
    [userId, phone, personPhoneOf(phone) ?? null, at],
  );
}
