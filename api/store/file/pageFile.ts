import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Low } from 'lowdb';
import { isoNow, type Clock } from '../../clock';
import { conflictOf } from '../PageStore';
import type { NewPublish, PageConflict, PageDraft, PageRevision, PageState, PageStore } from '../PageStore';
import type { Actor } from '../Store';
import { writeDurably } from './durableJsonFile';
import { openJsonFile } from './openJsonFile';
import { DIR_MODE } from './recordShelf';

type RevisionEntry = Omit<PageRevision, 'source'>;

interface FileEntry {
  head: string;
  /** The latest publish, with its bytes: what the site serves. */
  published?: PageRevision;
  draft?: PageDraft;
  /** Every publish, oldest first, without its bytes (each is its own file). */
  revisions: RevisionEntry[];
}

interface PagesData {
  /** The last revision number given out, to drafts and publishes alike. */
  last: number;
  files: Record<string, FileEntry>;
}

const isPagesData = (data: unknown): data is PagesData =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as PagesData).last === 'number' &&
  typeof (data as PagesData).files === 'object';

const stateOf = (file: string, entry: FileEntry): PageState => structuredClone({ file, head: entry.head, ...pick(entry) });
const pick = ({ published, draft }: FileEntry) => ({ ...(published && { published }), ...(draft && { draft }) });

/**
 * The page editor's drafts and revisions in DATA_DIR: pages.json holds each file's draft and
 * latest publish (what the site is built from), and page-revisions/ one file per publish,
 * written before pages.json names it, so a crash between the two leaves an unused file, never
 * a name without its bytes.
 */
export class PageFile implements PageStore {
  private constructor(
    private readonly db: Low<PagesData>,
    private readonly dir: string,
    private readonly clock: Clock,
  ) {}

  static async open(dataDir: string, clock: Clock): Promise<PageFile> {
    const dir = path.join(dataDir, 'page-revisions');
    await mkdir(dir, { recursive: true, mode: DIR_MODE });
    return new PageFile(await openJsonFile<PagesData>(path.join(dataDir, 'pages.json'), { last: 0, files: {} }, isPagesData), dir, clock);
  }

  private nextRevision(): string {
    this.db.data.last += 1;
    return String(this.db.data.last);
  }

  pageStates(): Promise<PageState[]> {
    return Promise.resolve(Object.entries(this.db.data.files).map(([file, entry]) => stateOf(file, entry)));
  }

  pageState(file: string): Promise<PageState | undefined> {
    const entry = this.db.data.files[file];
    return Promise.resolve(entry && stateOf(file, entry));
  }

  async saveDraft(
    file: string,
    { source, basedOn }: { source: string; basedOn: string },
    by: Actor,
  ): Promise<{ draft: PageDraft } | PageConflict> {
    const entry = this.db.data.files[file];
    const conflict = conflictOf(entry && stateOf(file, entry), basedOn);
    if (conflict) return conflict;
    const draft: PageDraft = { source, revision: this.nextRevision(), basedOn, at: isoNow(this.clock), by };
    const changed = entry ?? { head: draft.revision, revisions: [] };
    changed.head = draft.revision;
    changed.draft = draft;
    this.db.data.files[file] = changed;
    await this.db.write();
    return { draft: structuredClone(draft) };
  }

  async publishPage(file: string, publish: NewPublish, by: Actor): Promise<{ published: PageRevision } | PageConflict> {
    const entry = this.db.data.files[file];
    const conflict = conflictOf(entry && stateOf(file, entry), publish.basedOn);
    if (conflict) return conflict;
    const published: PageRevision = {
      revision: this.nextRevision(),
      at: isoNow(this.clock),
      by,
      ...(publish.note && { note: publish.note }),
      source: publish.source,
      deployedHash: publish.deployedHash,
    };
    const changed = entry ?? { head: published.revision, revisions: [] };
    changed.head = published.revision;
    changed.published = published;
    if (!publish.keepDraft) delete changed.draft;
    const { source: _source, ...listed } = published;
    changed.revisions.push(listed);
    this.db.data.files[file] = changed;
    // The revision's own file first: a crash before pages.json is written leaves an unused file, and no publish.
    await writeDurably(this.revisionFile(published.revision), JSON.stringify(published));
    await this.db.write();
    return { published: structuredClone(published) };
  }

  pageRevisions(file: string): Promise<PageRevision[]> {
    const entry = this.db.data.files[file];
    if (!entry) return Promise.resolve([]);
    return Promise.all(entry.revisions.toReversed().map((listed) => this.readRevision(listed.revision)));
  }

  pageRevision(file: string, revision: string): Promise<PageRevision | undefined> {
    const listed = this.db.data.files[file]?.revisions.some((entry) => entry.revision === revision);
    return listed ? this.readRevision(revision) : Promise.resolve(undefined);
  }

  publishedMark(): Promise<string> {
    const sum = Object.values(this.db.data.files).reduce((total, entry) => total + Number(entry.published?.revision ?? 0), 0);
    return Promise.resolve(String(sum));
  }

  async importFile(state: PageState, revisions: readonly PageRevision[]): Promise<boolean> {
    if (this.db.data.files[state.file]) return false;
    const oldestFirst = [...revisions].sort((a, b) => Number(a.revision) - Number(b.revision));
    // Each revision's own file first, as a publish writes them: pages.json names none that is missing.
    for (const revision of oldestFirst) await writeDurably(this.revisionFile(revision.revision), JSON.stringify(revision));
    this.db.data.files[state.file] = {
      head: state.head,
      ...(state.published && { published: structuredClone(state.published) }),
      ...(state.draft && { draft: structuredClone(state.draft) }),
      revisions: oldestFirst.map(({ source: _source, ...listed }) => listed),
    };
    this.db.data.last = Math.max(this.db.data.last, Number(state.head), ...oldestFirst.map((revision) => Number(revision.revision)));
    await this.db.write();
    return true;
  }

  private revisionFile(revision: string): string {
    return path.join(this.dir, `${revision}.json`);
  }

  private async readRevision(revision: string): Promise<PageRevision> {
    return JSON.parse(await readFile(this.revisionFile(revision), 'utf8')) as PageRevision;
  }

  flush(): Promise<void> {
    return this.db.write();
  }
}
