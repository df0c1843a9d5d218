import type pg from 'pg';
import type { DocumentType } from '../../../src/shared/documents';
import type { DocumentRefusal, DocumentRequest, DocumentStore, ErasedDocuments, StoredDocument } from '../DocumentStore';
import type { Actor } from '../Store';
import { inTransaction, rollback } from './inTransaction';

interface RequestRow {
  id: string;
  enquiry_id: string;
  token_hash: string;
  items: string[];
  language: string;
  created_at: Date;
  created_by: Actor;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: Actor | null;
}

interface DocumentRow {
  id: string;
  enquiry_id: string;
  request_id: string;
  item: number;
  name: string;
  type: DocumentType;
  bytes: number;
  at: Date;
}

const toRequest = (row: RequestRow): DocumentRequest => ({
  id: row.id,
  enquiryId: row.enquiry_id,
  tokenHash: row.token_hash,
  items: row.items,
  language: row.language,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  expiresAt: row.expires_at.toISOString(),
  ...(row.revoked_at && { revokedAt: row.revoked_at.toISOString() }),
  ...(row.revoked_by && { revokedBy: row.revoked_by }),
});

const toDocument = (row: DocumentRow): StoredDocument => ({
  id: row.id,
  enquiryId: row.enquiry_id,
  requestId: row.request_id,
  item: row.item,
  name: row.name,
  type: row.type,
  bytes: row.bytes,
  at: row.at.toISOString(),
});

const DOCUMENT_COLUMNS = 'id, enquiry_id, request_id, item, name, type, bytes, at';
const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

/** Inserts, or false when the row is here already or what it belongs to is not. */
async function inserted(run: () => Promise<pg.QueryResult>): Promise<boolean> {
  try {
    return (await run()).rowCount === 1;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === FOREIGN_KEY_VIOLATION || code === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/**
 * Requests and documents on PostgreSQL: a row each, the document's sealed bytes in a bytea column.
 * An enquiry's deletion takes its rows with it (ON DELETE CASCADE), in the erasure's transaction.
 */
export class PgDocuments implements DocumentStore {
  constructor(private readonly pool: pg.Pool) {}

  addRequest(request: DocumentRequest): Promise<boolean> {
    return inserted(() =>
      this.pool.query(
        `INSERT INTO document_requests (id, enquiry_id, token_hash, items, language, created_at, created_by, expires_at, revoked_at, revoked_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
        [
          request.id,
          request.enquiryId,
          request.tokenHash,
          JSON.stringify(request.items),
          request.language,
          request.createdAt,
          JSON.stringify(request.createdBy),
          request.expiresAt,
          request.revokedAt ?? null,
          request.revokedBy ? JSON.stringify(request.revokedBy) : null,
        ],
      ),
    );
  }

  async requestByToken(tokenHash: string): Promise<DocumentRequest | undefined> {
    const { rows } = await this.pool.query<RequestRow>('SELECT * FROM document_requests WHERE token_hash = $1', [tokenHash]);
    return rows[0] && toRequest(rows[0]);
  }

  async requestsOf(enquiryId: string): Promise<DocumentRequest[]> {
    const { rows } = await this.pool.query<RequestRow>('SELECT * FROM document_requests WHERE enquiry_id = $1 ORDER BY created_at, id', [
      enquiryId,
    ]);
    return rows.map(toRequest);
  }

  async revokeRequest(enquiryId: string, id: string, at: string, by: Actor): Promise<DocumentRequest | undefined> {
    const { rows } = await this.pool.query<RequestRow>(
      `UPDATE document_requests SET revoked_at = coalesce(revoked_at, $3), revoked_by = coalesce(revoked_by, $4)
       WHERE id = $1 AND enquiry_id = $2 RETURNING *`,
      [id, enquiryId, at, JSON.stringify(by)],
    );
    return rows[0] && toRequest(rows[0]);
  }

  /** The request's row is locked while its item's files are counted, so two uploads cannot both take the last place, nor one follow a revocation. */
  addDocument(document: StoredDocument, data: Buffer, perItem: number): Promise<true | DocumentRefusal> {
    return inTransaction<true | DocumentRefusal>(this.pool, async (client) => {
      const { rows } = await client.query<{ open: boolean }>(
        `SELECT revoked_at IS NULL AND expires_at > $3 AS open FROM document_requests WHERE id = $1 AND enquiry_id = $2 FOR UPDATE`,
        [document.requestId, document.enquiryId, document.at],
      );
      if (!rows[0]?.open) return rollback('closed' as const);
      const { rows: held } = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM documents WHERE request_id = $1 AND item = $2',
        [document.requestId, document.item],
      );
      if (held[0]!.count >= perItem) return rollback('full' as const);
      await this.insert(client, document, data);
      return true as const;
    });
  }

  private insert(client: pg.Pool | pg.PoolClient, document: StoredDocument, data: Buffer) {
    return client.query(
      `INSERT INTO documents (${DOCUMENT_COLUMNS}, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [document.id, document.enquiryId, document.requestId, document.item, document.name, document.type, document.bytes, document.at, data],
    );
  }

  async documentsOf(enquiryId: string): Promise<StoredDocument[]> {
    const { rows } = await this.pool.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE enquiry_id = $1 ORDER BY at, id`, [
      enquiryId,
    ]);
    return rows.map(toDocument);
  }

  async documentData(enquiryId: string, id: string): Promise<Buffer | undefined> {
    const { rows } = await this.pool.query<{ data: Buffer }>('SELECT data FROM documents WHERE id = $1 AND enquiry_id = $2', [
      id,
      enquiryId,
    ]);
    return rows[0]?.data;
  }

  /** Driven from the requests (few) to their enquiries by key, so its cost grows with the documents kept, not with the enquiries. */
  async eraseDocumentsOfClosed(before: string, finalStatuses: readonly string[]): Promise<ErasedDocuments> {
    return inTransaction(this.pool, async (client) => {
      const closed = `SELECT r.id FROM document_requests r JOIN enquiries e ON e.id = r.enquiry_id
                      WHERE e.status = ANY($2::text[]) AND e.last_activity_at < $1`;
      const documents = await client.query(`DELETE FROM documents WHERE request_id IN (${closed})`, [before, finalStatuses]);
      const requests = await client.query(`DELETE FROM document_requests WHERE id IN (${closed})`, [before, finalStatuses]);
      return { requests: requests.rowCount ?? 0, documents: documents.rowCount ?? 0 };
    });
  }

  async allRequests(): Promise<DocumentRequest[]> {
    const { rows } = await this.pool.query<RequestRow>('SELECT * FROM document_requests ORDER BY created_at, id');
    return rows.map(toRequest);
  }

  async allDocuments(): Promise<StoredDocument[]> {
    const { rows } = await this.pool.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents ORDER BY at, id`);
    return rows.map(toDocument);
  }

  importRequest(request: DocumentRequest): Promise<boolean> {
    return this.addRequest(request);
  }

  async importDocument(document: StoredDocument, data: Buffer): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM document_requests WHERE id = $1 AND enquiry_id = $2', [
      document.requestId,
      document.enquiryId,
    ]);
    return rowCount === 1 && inserted(() => this.insert(this.pool, document, data));
  }
}
