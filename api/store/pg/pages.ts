import type pg from 'pg';
import type { ChangeSet } from '../../../src/shared/changeSet';
import { isoNow, type Clock } from '../../clock';
import { DEPLOYED, firstConflict, NO_COMMIT } from '../PageStore';
import type {
  DraftDiscarded,
  PageCommit,
  PageConflict,
  PageDraft,
  PageRevision,
  PageState,
  PageStore,
  PublishedChange,
} from '../PageStore';
import type { Actor } from '../Store';
import { inTransaction, rollback } from './inTransaction';

interface RevisionRow {
  revision: string;
  commit_id: string | null;
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
}

const toRevision = (row: RevisionRow): PageRevision => ({
  revision: String(row.revision),
  commit: row.commit_id ?? NO_COMMIT,
  at: row.at.toISOString(),
  by: { id: row.by_id, username: row.by_name },
  ...(row.note !== null && { note: row.note }),
  source: row.source,
  deployedHash: row.deployed_hash,
});

const REVISION_COLUMNS = 'revision::text AS revision, commit_id::text AS commit_id, at, by_id, by_name, note, source, deployed_hash';
const STATE_SQL = `SELECT f.file, f.head::text AS head, f.draft, r.revision::text AS revision, r.commit_id::text AS commit_id, r.at, r.by_id, r.by_name, r.note, r.source, r.deployed_hash
  FROM page_files f LEFT JOIN page_revisions r ON r.revision = f.published`;

const toState = (row: FileRow & Partial<RevisionRow>): PageState => ({
  file: row.file,
  head: row.head,
  ...(row.revision != null && { published: toRevision(row as RevisionRow) }),
  ...(row.draft && { draft: row.draft }),
});

/** A change's files, and how to write them once their rows are held. */
interface Prepared<T> {
  files: readonly { path: string; basedOn: string }[];
  write: (client: pg.PoolClient, existing: ReadonlySet<string>) => Promise<T>;
}

/** Any fixed number shared by every instance: the advisory lock under which publishes are planned, checked and committed. */
const COMMIT_LOCK = 727_002;

/**
 * The page editor's drafts and revisions on PostgreSQL. A change locks its files' rows (a file's
 * first change relies on its primary key instead) while it compares the revisions it was based
 * on, in one transaction; a publish also holds an advisory lock from before it is planned until
 * it is committed, so two instances can never commit changes that were checked apart.
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

  /**
   * Runs a change in one transaction: `prepare` names its files (a publish plans them first,
   * under its lock) and how to write them, which runs holding those files' rows once every file
   * is based on its newest revision. A first change that loses the race to insert a file's row
   * is a conflict too.
   */
  private async change<T>(prepare: (client: pg.PoolClient) => Promise<Prepared<T> | { early: T }>): Promise<T | PageConflict> {
    let files: readonly { path: string; basedOn: string }[] = [];
    try {
      return await inTransaction<T | PageConflict>(this.pool, async (client) => {
        const prepared = await prepare(client);
        if ('early' in prepared) return rollback(prepared.early);
        files = prepared.files;
        const { rows } = await client.query<FileRow & RevisionRow>(`${STATE_SQL} WHERE f.file = ANY($1) ORDER BY f.file FOR UPDATE OF f`, [
          files.map((file) => file.path),
        ]);
        const states = new Map(rows.map((row) => [row.file, toState(row)]));
        const conflict = firstConflict(files, (file) => states.get(file));
        if (conflict) return rollback(conflict);
        return prepared.write(client, new Set(states.keys()));
      });
    } catch (error) {
      // A first change that lost the race to create a file's row: the winner's revision is the conflict.
      if ((error as { code?: string }).code === '23505') {
        const states = new Map((await this.pageStates()).map((state) => [state.file, state]));
        const conflict = firstConflict(files, (file) => states.get(file));
        if (conflict) return conflict;
      }
      throw error;
    }
  }

  private async nextRevision(client: pg.PoolClient): Promise<string> {
    const { rows } = await client.query<{ revision: string }>(`SELECT nextval('page_revision_numbers')::text AS revision`);
    return rows[0]!.revision;
  }

  saveDrafts(change: ChangeSet, by: Actor): Promise<{ drafts: PageDraft[] } | PageConflict> {
    return this.change(() =>
      Promise.resolve({
        files: change.files,
        write: async (client, existing) => {
          const at = isoNow(this.clock);
          const drafts: PageDraft[] = [];
          for (const { path: file, text, basedOn } of change.files) {
            const draft: PageDraft = { source: text ?? '', revision: await this.nextRevision(client), basedOn, at, by };
            await client.query(
              existing.has(file)
                ? 'UPDATE page_files SET head = $2, draft = $3 WHERE file = $1'
                : 'INSERT INTO page_files (file, head, draft) VALUES ($1, $2, $3)',
              [file, draft.revision, draft],
            );
            drafts.push(draft);
          }
          return { drafts };
        },
      }),
    );
  }

  async discardDraft(file: string, basedOn: string): Promise<DraftDiscarded | PageConflict | { noDraft: true }> {
    return inTransaction<DraftDiscarded | PageConflict | { noDraft: true }>(this.pool, async (client) => {
      // The draft's text stays in the database: only whether there is one, and the publish, are read.
      const { rows } = await client.query<{ head: string; published: string | null; drafted: boolean }>(
        'SELECT head::text AS head, published::text AS published, draft IS NOT NULL AS drafted FROM page_files WHERE file = $1 FOR UPDATE',
        [file],
      );
      const row = rows[0];
      if ((row?.head ?? DEPLOYED) !== basedOn) return rollback((await this.conflictNow(client, file, basedOn))!);
      if (!row?.drafted) return rollback({ noDraft: true as const });
      const forgotten = row.published === null;
      const head = row.published ?? DEPLOYED;
      await client.query(
        forgotten ? 'DELETE FROM page_files WHERE file = $1' : 'UPDATE page_files SET head = published, draft = NULL WHERE file = $1',
        [file],
      );
      return { discarded: { head, forgotten } };
    });
  }

  /** The conflict a change of `file` based on `basedOn` meets, read whole (with the newest text) only once there is one. */
  private async conflictNow(client: pg.PoolClient, file: string, basedOn: string): Promise<PageConflict | undefined> {
    const { rows } = await client.query<FileRow & RevisionRow>(`${STATE_SQL} WHERE f.file = $1`, [file]);
    return firstConflict([{ path: file, basedOn }], () => rows[0] && toState(rows[0]));
  }

  commit<R>(
    by: Actor,
    plan: (latest: string) => Promise<{ change: PublishedChange } | { refused: R }>,
  ): Promise<{ commit: PageCommit } | PageConflict | { refused: R }> {
    return this.change<{ commit: PageCommit } | { refused: R }>(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [COMMIT_LOCK]);
      const planned = await plan(await this.latestOn(client));
      if ('refused' in planned) return { early: planned };
      return { files: planned.change.files, write: (writer, existing) => this.write(writer, planned.change, by, existing) };
    });
  }

  private async write(
    client: pg.PoolClient,
    change: PublishedChange,
    by: Actor,
    existing: ReadonlySet<string>,
  ): Promise<{ commit: PageCommit }> {
    const at = new Date(this.clock.now());
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO page_commits (id, at, by_id, by_name, note) VALUES (nextval('page_commit_numbers'), $1, $2, $3, $4) RETURNING id::text AS id`,
      [at, by.id, by.username, change.note ?? null],
    );
    const commit = rows[0]!.id;
    const revisions: PageRevision[] = [];
    for (const { path: file, text, deployedHash, keepDraft } of change.files) {
      const revision = await this.nextRevision(client);
      await client.query(
        `INSERT INTO page_revisions (revision, commit_id, file, at, by_id, by_name, note, source, deployed_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [revision, commit, file, at, by.id, by.username, change.note ?? null, text, deployedHash],
      );
      await client.query(
        existing.has(file)
          ? `UPDATE page_files SET head = $2, published = $2, draft = ${keepDraft ? 'draft' : 'NULL'} WHERE file = $1`
          : 'INSERT INTO page_files (file, head, published) VALUES ($1, $2, $2)',
        [file, revision],
      );
      revisions.push({
        revision,
        commit,
        at: at.toISOString(),
        by,
        ...(change.note && { note: change.note }),
        source: text,
        deployedHash,
      });
    }
    return { commit: { id: commit, revisions } };
  }

  private async latestOn(client: pg.Pool | pg.PoolClient): Promise<string> {
    const { rows } = await client.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM page_commits');
    return rows[0]!.id;
  }

  latestCommit(): Promise<string> {
    return this.latestOn(this.pool);
  }

  async publishedSince(commit: string): Promise<PageState[]> {
    const { rows } = await this.pool.query<FileRow & RevisionRow>(`${STATE_SQL} WHERE r.commit_id > $1 ORDER BY f.file`, [commit]);
    return rows.map(toState);
  }

  async pageRevisions(file: string): Promise<PageRevision[]> {
    const { rows } = await this.pool.query<RevisionRow>(
      `SELECT ${REVISION_COLUMNS} FROM page_revisions WHERE file = $1 ORDER BY revision DESC`,
      [file],
    );
    return rows.map(toRevision);
  }

  async pageRevision(file: string, revision: string): Promise<PageRevision | undefined> {
    if (!/^\d{1,18}$/.test(revision)) return undefined;
    const { rows } = await this.pool.query<RevisionRow>(
      `SELECT ${REVISION_COLUMNS} FROM page_revisions WHERE file = $1 AND revision = $2`,
      [file, revision],
    );
    return rows[0] && toRevision(rows[0]);
  }

  /**
   * Writes a file's history as another store kept it (revision and commit numbers, times,
   * authors, its draft), for a move between stores; false when this store already has the
   * file. The counters move past every number imported.
   */
  async importFile(state: PageState, revisions: readonly PageRevision[]): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM page_files WHERE file = $1', [state.file]);
      if (rowCount) return rollback(false);
      for (const revision of revisions) {
        const commit = revision.commit === NO_COMMIT ? null : revision.commit;
        if (commit !== null)
          await client.query(
            'INSERT INTO page_commits (id, at, by_id, by_name, note) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING',
            [commit, new Date(revision.at), revision.by.id, revision.by.username, revision.note ?? null],
          );
        await client.query(
          `INSERT INTO page_revisions (revision, commit_id, file, at, by_id, by_name, note, source, deployed_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            revision.revision,
            commit,
            state.file,
            new Date(revision.at),
            revision.by.id,
            revision.by.username,
            revision.note ?? null,
            revision.source,
            revision.deployedHash,
          ],
        );
      }
      await client.query('INSERT INTO page_files (file, head, published, draft) VALUES ($1, $2, $3, $4)', [
        state.file,
        state.head,
        state.published?.revision ?? null,
        state.draft ?? null,
      ]);
      const moveCounter = (sequence: string, highest: number) =>
        client.query(
          `SELECT setval('${sequence}', GREATEST($1::bigint, (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${sequence})))`,
          [highest],
        );
      await moveCounter('page_revision_numbers', Math.max(Number(state.head), ...revisions.map((revision) => Number(revision.revision))));
      const commits = revisions.map((revision) => Number(revision.commit));
      if (commits.some((commit) => commit > 0)) await moveCounter('page_commit_numbers', Math.max(...commits));
      return true;
    });
  }
}
