import type pg from 'pg';
import { isoNow, type Clock } from '../../clock';
import { conflictOf } from '../PageStore';
import type { NewPublish, PageConflict, PageDraft, PageRevision, PageState, PageStore } from '../PageStore';
import type { Actor } from '../Store';
import { inTransaction, rollback } from './inTransaction';

interface RevisionRow {
  revision: string;
  at: Date;
  by_id: string;
  by_name: string;
  note: string | null;
  source: string | null;
  deployed_hash: string | null;
}

interface FileRow {
  file: string;
  head: string;
  draft: PageDraft | null;
  published: string | null;
}

const toRevision = (row: RevisionRow): PageRevision => ({
  revision: String(row.revision),
  at: row.at.toISOString(),
  by: { id: row.by_id, username: row.by_name },
  ...(row.note !== null && { note: row.note }),
  source: row.source,
  deployedHash: row.deployed_hash,
});

const STATE_SQL = `SELECT f.file, f.head::text AS head, f.draft, r.revision::text AS revision, r.at, r.by_id, r.by_name, r.note, r.source, r.deployed_hash
  FROM page_files f LEFT JOIN page_revisions r ON r.revision = f.published`;

const toState = (row: FileRow & Partial<RevisionRow>): PageState => ({
  file: row.file,
  head: row.head,
  ...(row.revision != null && { published: toRevision(row as RevisionRow) }),
  ...(row.draft && { draft: row.draft }),
});

/**
 * The page editor's drafts and revisions on PostgreSQL. A save or publish locks the file's row
 * (or, for a file's first change, relies on its primary key) while it compares the revision it
 * was based on, so two instances cannot both write from the same revision.
 */
export class PgPages implements PageStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
  ) {}

  async pageStates(): Promise<PageState[]> {
    const { rows } = await this.pool.query<FileRow & RevisionRow>(`${STATE_SQL} ORDER BY f.file`);
    return rows.map(toState);
  }

  async pageState(file: string): Promise<PageState | undefined> {
    const { rows } = await this.pool.query<FileRow & RevisionRow>(`${STATE_SQL} WHERE f.file = $1`, [file]);
    return rows[0] && toState(rows[0]);
  }

  /** Runs `write` in a transaction holding the file's row; a first change that loses the race to insert it is a conflict. */
  private async change<T>(
    file: string,
    basedOn: string,
    write: (client: pg.PoolClient, revision: string, existed: boolean) => Promise<T>,
  ): Promise<T | PageConflict> {
    try {
      return await inTransaction<T | PageConflict>(this.pool, async (client) => {
        const { rows } = await client.query<FileRow & RevisionRow>(`${STATE_SQL} WHERE f.file = $1 FOR UPDATE OF f`, [file]);
        const conflict = conflictOf(rows[0] && toState(rows[0]), basedOn);
        if (conflict) return rollback(conflict);
        const { rows: numbered } = await client.query<{ revision: string }>(`SELECT nextval('page_revision_numbers')::text AS revision`);
        return write(client, numbered[0]!.revision, rows.length > 0);
      });
    } catch (error) {
      // A first change that lost the race to create the file's row: the winner's revision is the conflict.
      const conflict = (error as { code?: string }).code === '23505' ? await this.conflictNow(file, basedOn) : undefined;
      if (conflict) return conflict;
      throw error;
    }
  }

  private async conflictNow(file: string, basedOn: string): Promise<PageConflict | undefined> {
    return conflictOf(await this.pageState(file), basedOn);
  }

  saveDraft(
    file: string,
    { source, basedOn }: { source: string; basedOn: string },
    by: Actor,
  ): Promise<{ draft: PageDraft } | PageConflict> {
    return this.change(file, basedOn, async (client, revision, existed) => {
      const draft: PageDraft = { source, revision, basedOn, at: isoNow(this.clock), by };
      await client.query(
        existed
          ? 'UPDATE page_files SET head = $2, draft = $3 WHERE file = $1'
          : 'INSERT INTO page_files (file, head, draft) VALUES ($1, $2, $3)',
        [file, revision, draft],
      );
      return { draft };
    });
  }

  publishPage(file: string, publish: NewPublish, by: Actor): Promise<{ published: PageRevision } | PageConflict> {
    return this.change(file, publish.basedOn, async (client, revision, existed) => {
      const at = new Date(this.clock.now());
      await client.query(
        `INSERT INTO page_revisions (revision, file, at, by_id, by_name, note, source, deployed_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [revision, file, at, by.id, by.username, publish.note ?? null, publish.source, publish.deployedHash],
      );
      const draft = publish.keepDraft ? 'draft' : 'NULL';
      await client.query(
        existed
          ? `UPDATE page_files SET head = $2, published = $2, draft = ${draft} WHERE file = $1`
          : 'INSERT INTO page_files (file, head, published) VALUES ($1, $2, $2)',
        [file, revision],
      );
      const published: PageRevision = {
        revision,
        at: at.toISOString(),
        by,
        ...(publish.note && { note: publish.note }),
        source: publish.source,
        deployedHash: publish.deployedHash,
      };
      return { published };
    });
  }

  async pageRevisions(file: string): Promise<PageRevision[]> {
    const { rows } = await this.pool.query<RevisionRow>(
      'SELECT revision::text AS revision, at, by_id, by_name, note, source, deployed_hash FROM page_revisions WHERE file = $1 ORDER BY revision DESC',
      [file],
    );
    return rows.map(toRevision);
  }

  async pageRevision(file: string, revision: string): Promise<PageRevision | undefined> {
    if (!/^\d{1,18}$/.test(revision)) return undefined;
    const { rows } = await this.pool.query<RevisionRow>(
      'SELECT revision::text AS revision, at, by_id, by_name, note, source, deployed_hash FROM page_revisions WHERE file = $1 AND revision = $2',
      [file, revision],
    );
    return rows[0] && toRevision(rows[0]);
  }

  /**
   * Writes a file's history as another store kept it (revision numbers, times, authors, its
   * draft), for a move between stores; false when this store already has the file. The
   * revision counter moves past every number imported.
   */
  async importFile(state: PageState, revisions: readonly PageRevision[]): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM page_files WHERE file = $1', [state.file]);
      if (rowCount) return rollback(false);
      for (const revision of revisions)
        await client.query(
          `INSERT INTO page_revisions (revision, file, at, by_id, by_name, note, source, deployed_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            revision.revision,
            state.file,
            new Date(revision.at),
            revision.by.id,
            revision.by.username,
            revision.note ?? null,
            revision.source,
            revision.deployedHash,
          ],
        );
      await client.query('INSERT INTO page_files (file, head, published, draft) VALUES ($1, $2, $3, $4)', [
        state.file,
        state.head,
        state.published?.revision ?? null,
        state.draft ?? null,
      ]);
      const highest = Math.max(Number(state.head), ...revisions.map((revision) => Number(revision.revision)));
      await client.query(
        `SELECT setval('page_revision_numbers', GREATEST($1::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM page_revision_numbers)))`,
        [highest],
      );
      return true;
    });
  }

  async publishedMark(): Promise<string> {
    const { rows } = await this.pool.query<{ mark: string }>('SELECT coalesce(sum(published), 0)::text AS mark FROM page_files');
    return rows[0]!.mark;
  }
}
