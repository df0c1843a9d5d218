import type { Content, Problem } from '../../src/content/checkContent';
import { diskFolder, withFiles, type ContentFolder } from '../../src/content/contentFolder';
import { IMAGES_DIR } from '../../src/content/contentFiles';
import { filesOfPicture } from '../../src/content/pictureSizes';
import type { TextFacts } from '../../src/content/textFacts';
import type { ForOwner } from '../../src/content/reviewRule';
import type { Clock } from '../clock';
import { NO_COMMIT, type PageCommit, type PageConflict, type PageDraft, type PageState } from '../store/PageStore';
import type { Actor, Store } from '../store/Store';
import type { Submission } from '../store/SubmissionStore';
import { contentOf, type CheckedSummary } from './checkedContent';
import type { CompanionChanged } from './companions';
import type { Changes, ContentChecks, Text } from './contentChecks';
import { deployChangedFiles } from './publishedFolder';
import type { RenderOptions } from './renderedSite';
import { ContentError, type SiteService } from './siteService';
import { canServe, SiteContent } from './siteContent';
import { formatReport } from '../../src/content/formatProblems';

// The content an instance serves, kept apart from how editors' changes are planned and committed
// (contentPublisher.ts): the latest commit and pictures as checked, other instances' commits
// followed, pictures joining and leaving, and the last content that passed when the latest does not.

export type PublishOutcome =
  { published: PageCommit; files: string[] } | Submitted | { problems: Problem[] } | PageConflict | { refused: string } | CompanionChanged;

/** An editor's change that an owner must approve first: kept as a submission, not published; `owners` says what of it needs them. */
export interface Submitted {
  submitted: Submission;
  owners: ForOwner[];
}

/** Who asks for a change: an editor's changes to what speaks for the firm wait for an owner (src/content/reviewRule.ts). */
export interface Author {
  actor: Actor;
  owner: boolean;
}

/** The newest content that does not pass the check, while the site goes on serving the last that did. */
export interface ContentProblem {
  since: string;
  commit: string;
  problems: Problem[];
  /**
   * No content has passed the check on this server since it started (a deploy that fails the
   * check itself): visitors see content with these problems, not earlier content that passed.
   */
  servedAsIs: boolean;
}

export interface PublisherOptions {
  store: Store;
  checks: ContentChecks;
  /** How the server draws pages; without it (the API's own tests, the development server) it draws none. */
  render?: RenderOptions;
  /** The deployed content folder (PAGES_DIR), which the server only reads. */
  pagesDir: string;
  clock: Clock;
  /** How often to look for publishes made by another instance; 0 never looks. */
  pollMs: number;
  log: (fields: Record<string, unknown>) => void;
}

export const errorsOf = (problems: readonly Problem[]) => problems.filter((problem) => problem.severity === 'error');

/** What the store holds that the site is built from: published files and uploaded pictures' files. */
export async function storeOverlay(
  store: Store,
): Promise<{ overlay: Map<string, string | Buffer | null>; states: PageState[]; pictureFiles: Set<string> }> {
  const states = await store.pages.pageStates();
  const pictures = await store.pictures.pictureFiles();
  const overlay = new Map<string, string | Buffer | null>(pictures);
  for (const state of states) if (state.published) overlay.set(state.file, state.published.source);
  return { overlay, states, pictureFiles: new Set(pictures.keys()) };
}

/** The content the site is built from: the deploy with every publish and uploaded picture from the store laid over it. */
export async function publishedContent(pagesDir: string, store: Store): Promise<{ folder: ContentFolder; deployChanged: Set<string> }> {
  const deployed = diskFolder(pagesDir);
  const { overlay, states } = await storeOverlay(store);
  return { folder: withFiles(deployed, overlay), deployChanged: deployChangedFiles(deployed, states) };
}

/** The uploaded pictures' names, as a mark: another instance's upload or deletion changes it. */
export const pictureMark = async (store: Store) =>
  (await store.pictures.pictureList())
    .map((picture) => picture.name)
    .sort()
    .join(' ');

/** The site an instance serves and the content it is built from, followed across instances, with the pictures uploaded to it. */
export class LiveContent {
  /** The deploy's content folder (PAGES_DIR) as the server found it: a deploy replaces it and restarts the server. */
  protected readonly deployed: ContentFolder;
  protected base: ContentFolder;
  /** The content at `base`, as checked: set by the check at the start (checkAtStart), which every change waits for. */
  protected checked!: Content;
  protected commit: string;
  /** The uploaded pictures' names, and the files they make (their sizes), as the base has them. */
  protected pictures: string;
  protected pictureFiles: Set<string>;
  /** Files a deploy changed after an editor published them: the editor's version is live. */
  deployChanged: Set<string>;
  problem: ContentProblem | undefined;
  /** Settles once the check of the whole site at the start has finished and what it passed is served; rejects when nothing can be. */
  started: Promise<void> = Promise.resolve();
  /** True while the check of the whole site at the start runs, and the site served is provisional. */
  checking = false;
  /** No content has passed the check on this server since it started, and the site serves content with problems. */
  private servedFails = false;
  protected queue: Promise<unknown> = Promise.resolve();
  protected stopPolling: () => void = () => {};
  /** What each draft holds, by draft revision: only the drafts the store had when last asked are kept. */
  private draftsRead = new Map<string, TextFacts>();

  protected constructor(
    protected readonly options: PublisherOptions,
    /** The site served: the latest content, or while `problem`, the last that passed. */
    readonly site: SiteService,
    start: {
      deployed: ContentFolder;
      base: ContentFolder;
      commit: string;
      pictures: string;
      pictureFiles: Set<string>;
      deployChanged: Set<string>;
    },
  ) {
    this.deployed = start.deployed;
    this.base = start.base;
    this.pictureFiles = start.pictureFiles;
    this.commit = start.commit;
    this.pictures = start.pictures;
    this.deployChanged = start.deployChanged;
  }

  /** The content the site would be built from now (the store's latest; what is served, unless `problem`). */
  get current(): ContentFolder {
    return this.base;
  }

  /** The latest content, as checked: once the check of the whole site at the start has finished. */
  async latest(): Promise<Content> {
    await this.started;
    return this.checked;
  }

  /**
   * Checks the whole site, in the check's thread, while the provisional site answers (see
   * provisionalSite.ts); then serves, all at once, the store's latest content when it passes;
   * when it does not, the deploy as it came (with the uploaded pictures) if that passes; when
   * neither does, the store's latest as it is (the deploy's, if only that can be drawn), its
   * problems named in the log and on the owners' dashboard. Every change (a publish, a picture,
   * another instance's commit) waits for it, so none is checked against content not checked whole.
   */
  protected checkAtStart(whole: Promise<CheckedSummary>, reverted: Changes): void {
    const began = performance.now();
    this.checking = true;
    this.options.log({
      msg: 'checking the whole content in its thread; until it is done, each page is checked on its own when it is first asked for',
      files: this.base.files.length,
    });
    this.started = this.serially(async () => {
      const checked = contentOf(await whole, this.base);
      let served = checked;
      if (errorsOf(checked.problems).length > 0 && reverted.size > 0) {
        const deployed = contentOf(await this.options.checks.check(reverted), withFiles(this.base, reverted));
        if (errorsOf(deployed.problems).length === 0 || !canServe(checked)) served = deployed;
      }
      if (!canServe(served)) throw new ContentError(served.problems, formatReport(served));
      this.checked = checked;
      this.servedFails = errorsOf(served.problems).length > 0;
      this.site.use(SiteContent.of(served));
      this.checking = false;
      if (errorsOf(checked.problems).length > 0) this.failed(checked, this.commit);
      this.options.log({
        msg: 'the whole content is checked',
        pages: served.pages.length + served.languages.reduce((sum, language) => sum + language.pages.length, 0),
        errors: errorsOf(checked.problems).length,
        ms: Math.round(performance.now() - began),
      });
    });
  }

  /** A content file's text as the latest content has it; undefined when there is no such file. */
  liveSource(file: string): string | undefined {
    return this.base.has(file) ? this.base.read(file) : undefined;
  }

  /** The deploy's own version of a file, before any editor changed it; null when the deploy has none. */
  deployedSource(file: string): string | null {
    return this.deployed.has(file) ? this.deployed.read(file) : null;
  }

  /** Makes committed (or followed) changes the base, and serves the content they make, already checked. */
  protected async applied(changes: Changes, checked: Content, commit: string): Promise<void> {
    await this.options.checks.apply(changes);
    this.base = withFiles(this.base, changes);
    this.checked = { ...checked, folder: this.base };
    this.commit = commit;
    if (errorsOf(checked.problems).length === 0) {
      this.problem = undefined;
      this.servedFails = false;
      this.site.use(SiteContent.of(this.checked));
    } else this.failed(checked, commit);
  }

  /** The latest content does not pass here: logged once for each commit, and kept for the owners' dashboard. */
  protected failed(checked: Content, commit: string): void {
    if (this.problem?.commit === commit) return;
    const errors = errorsOf(checked.problems);
    const servedAsIs = this.servedFails;
    this.problem = { since: new Date(this.options.clock.now()).toISOString(), commit, problems: errors, servedAsIs };
    this.options.log({
      level: 'error',
      msg: servedAsIs
        ? 'the content does not pass the check on this server, and no earlier content here did; it is served as it is until the problems are fixed'
        : 'the latest published content does not pass the check on this server; the last content that did stays live',
      commit,
      errors: errors.length,
      first: errors[0] && `${errors[0].file}:${errors[0].line}:${errors[0].col} ${errors[0].message}`,
    });
  }

  /** Brings the base up to the store's latest commit and pictures: what other instances published. */
  protected async follow(latest?: string): Promise<void> {
    const { store } = this.options;
    const commit = latest ?? (await store.pages.latestCommit());
    const pictures = await pictureMark(store);
    if (commit === this.commit && pictures === this.pictures) return;
    const changes = new Map<string, string | Buffer | null>();
    for (const state of await store.pages.publishedSince(this.commit === NO_COMMIT ? NO_COMMIT : this.commit))
      changes.set(state.file, state.published!.source);
    if (pictures !== this.pictures) {
      const now = await store.pictures.pictureFiles();
      for (const [file, bytes] of now) if (!this.pictureFiles.has(file)) changes.set(file, bytes);
      for (const file of this.pictureFiles) if (!now.has(file)) changes.set(file, null);
      this.pictureFiles = new Set(now.keys());
      this.pictures = pictures;
    }
    const checked = contentOf(await this.options.checks.check(changes), withFiles(this.base, changes));
    await this.applied(changes, checked, commit);
  }

  /** An uploaded picture's files join the content, and the site is built again to serve them (a preview shows them at once). */
  addPicture(files: ReadonlyMap<string, Buffer>): Promise<void> {
    return this.serially(async () => {
      const checked = contentOf(await this.options.checks.check(files), withFiles(this.base, files));
      for (const file of files.keys()) this.pictureFiles.add(file);
      this.pictures = await pictureMark(this.options.store);
      await this.applied(files, checked, this.commit);
    });
  }

  /**
   * Deletes an uploaded picture unless a file or draft names it. The check, the build without
   * it and the store's removal are one step among publishes, so no publish slips in between.
   */
  removePicture(name: string): Promise<{ usedBy: string[] } | { removed: true }> {
    return this.serially(async () => {
      await this.follow();
      const usedBy = (await this.usersOf([name])).get(name)!;
      if (usedBy.length > 0) return { usedBy };
      const removed: Changes = new Map(filesOfPicture(this.base.files, name).map((file) => [file, null]));
      const checked = contentOf(await this.options.checks.check(removed), withFiles(this.base, removed));
      await this.options.store.pictures.removePicture(name);
      for (const file of removed.keys()) this.pictureFiles.delete(file);
      this.pictures = await pictureMark(this.options.store);
      await this.applied(removed, checked, this.commit);
      return { removed: true };
    });
  }

  /**
   * The content files that name each picture, read from their values (so an escaped path is
   * found too): the site's files, with what other instances published, and any draft (a
   * draft's picture must stay for the draft to be published). A draft is named "file (draft)".
   * The list of pictures shows it; a deletion asks the same, as one step among publishes.
   */
  picturesUsedBy(names: readonly string[]): Promise<Map<string, string[]>> {
    return this.serially(async () => {
      await this.follow();
      return this.usersOf(names);
    });
  }

  private async usersOf(names: readonly string[]): Promise<Map<string, string[]>> {
    await this.started;
    const users = new Map<string, string[]>();
    for (const [file, pictures] of this.checked.pictures)
      for (const picture of pictures) users.set(picture, [...(users.get(picture) ?? []), file]);
    for (const [file, facts] of await this.draftFacts(await this.options.store.pages.pageStates()))
      for (const picture of facts.pictures) users.set(picture, [...(users.get(picture) ?? []), `${file} (draft)`]);
    return new Map(names.map((name) => [name, [...new Set(users.get(`${IMAGES_DIR}/${name}`) ?? [])]]));
  }

  /** What each text holds, read in the check's thread (see ContentChecks.read). */
  read(texts: readonly Text[]): Promise<TextFacts[]> {
    return this.options.checks.read(texts);
  }

  /**
   * What each draft among `states` holds (its title, the pictures it names), by file: read in
   * the check's thread once for each draft revision, so opening a list never parses a draft here.
   */
  async draftFacts(states: readonly PageState[]): Promise<Map<string, TextFacts>> {
    const drafts = states.flatMap((state) => (state.draft ? [{ file: state.file, draft: state.draft }] : []));
    const unread = drafts.filter(({ draft }) => !this.draftsRead.has(draft.revision));
    const read = unread.length > 0 ? await this.options.checks.read(unread.map(({ file, draft }) => [file, draft.source])) : [];
    const kept = new Map<string, TextFacts>();
    const keep = (draft: PageDraft, facts: TextFacts | undefined) => facts && kept.set(draft.revision, facts);
    for (const { draft } of drafts) keep(draft, this.draftsRead.get(draft.revision));
    unread.forEach(({ draft }, index) => keep(draft, read[index]));
    this.draftsRead = kept;
    return new Map(drafts.map(({ file, draft }) => [file, kept.get(draft.revision)!]));
  }

  protected poll(): void {
    const tick = async () => {
      try {
        await this.serially(() => this.follow());
      } catch (error) {
        this.options.log({ level: 'error', msg: 'could not look for published pages', error: (error as Error).message });
      }
      this.stopPolling = this.options.clock.after(this.options.pollMs, tick);
    };
    this.stopPolling = this.options.clock.after(this.options.pollMs, tick);
  }

  stop(): void {
    this.stopPolling();
  }

  /** Changes run one at a time, each planned against the content the one before it made. */
  protected serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
