import { parse } from 'yaml';
import type { Content, Problem } from '../../src/content/checkContent';
import { diskFolder, withFiles, type ContentFolder } from '../../src/content/contentFolder';
import { IMAGES_DIR, languageFolders } from '../../src/content/contentFiles';
import { formatReport } from '../../src/content/formatProblems';
import { filesOfPicture } from '../../src/content/pictureSizes';
import { planNewPage, planPublish, planRemoval, planRollback, type PlanView, type Refusal } from '../../src/content/planChange';
import { changesOf, type ChangeSet } from '../../src/shared/changeSet';
import type { Clock } from '../clock';
import {
  DEPLOYED,
  NO_COMMIT,
  type PageCommit,
  type PageConflict,
  type PageDraft,
  type PageState,
  type PublishedChange,
} from '../store/PageStore';
import type { Actor, Store } from '../store/Store';
import { contentOf } from './checkedContent';
import { companionDrafts, type CompanionChanged } from './companions';
import { CheckTookTooLong, type Changes, type ContentChecks } from './contentChecks';
import { hashOf, reconcileList } from './publishedFolder';
import { addressOf } from './pageList';
import { ContentError, SiteService } from './siteService';
import type { RenderOptions } from './renderedSite';
import { SiteContent } from './siteContent';

export type PublishOutcome =
  { published: PageCommit; files: string[] } | { problems: Problem[] } | PageConflict | { refused: string } | CompanionChanged;

/** The newest content that does not pass the check, while the site goes on serving the last that did. */
export interface ContentProblem {
  since: string;
  commit: string;
  problems: Problem[];
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

type Awaitable<T> = T | Promise<T>;

/** A planned change, and the files whose drafts it publishes. */
interface Planned {
  change: ChangeSet;
  published: string[];
}

const errorsOf = (problems: readonly Problem[]) => problems.filter((problem) => problem.severity === 'error');

/** What the store holds that the site is built from: published files and uploaded pictures' files. */
async function storeOverlay(
  store: Store,
): Promise<{ overlay: Map<string, string | Buffer | null>; states: PageState[]; pictureFiles: Set<string> }> {
  const states = await store.pages.pageStates();
  const pictures = await store.pictures.pictureFiles();
  const overlay = new Map<string, string | Buffer | null>(pictures);
  for (const state of states) if (state.published) overlay.set(state.file, state.published.source);
  return { overlay, states, pictureFiles: new Set(pictures.keys()) };
}

/** The content the site is built from: the deploy with every publish and uploaded picture from the store laid over it. */
export async function publishedContent(pagesDir: string, store: Store): Promise<{ folder: ContentFolder; reconcile: Set<string> }> {
  const deployed = diskFolder(pagesDir);
  const { overlay, states } = await storeOverlay(store);
  return { folder: withFiles(deployed, overlay), reconcile: reconcileList(deployed, states) };
}

/** The uploaded pictures' names, as a mark: another instance's upload or deletion changes it. */
const pictureMark = async (store: Store) =>
  (await store.pictures.pictureList())
    .map((picture) => picture.name)
    .sort()
    .join(' ');

/**
 * The site as editors change it. Every change is planned as one change set (src/content/
 * planChange.ts), checked, in the content check's thread, against the store's latest commit,
 * and committed whole, alone among every instance's commits; only then is it served, all at
 * once. `base` is the content at the store's latest commit (the deploy with every publish and
 * picture laid over it), which the check's thread keeps too, so only changes travel. Other
 * instances' commits are followed by the commit number. If the latest content does not pass
 * the check here (a deploy that disagrees with what editors published), the site keeps
 * serving the last content that did, and `problem` says why.
 */
export class ContentPublisher {
  private base: ContentFolder;
  /** The content at `base`, as checked. */
  private checked: Content;
  private commit: string;
  /** The uploaded pictures' names, and the files they make (their sizes), as the base has them. */
  private pictures: string;
  private pictureFiles: Set<string>;
  /** Files a deploy changed after an editor published them: the editor's version is live. */
  reconcile: Set<string>;
  problem: ContentProblem | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stopPolling: () => void = () => {};
  private readonly draftCounts = new Map<string, number>();

  private constructor(
    private readonly options: PublisherOptions,
    /** The site served: the latest content, or while `problem`, the last that passed. */
    readonly site: SiteService,
    start: { base: ContentFolder; checked: Content; commit: string; pictures: string; pictureFiles: Set<string>; reconcile: Set<string> },
  ) {
    this.base = start.base;
    this.pictureFiles = start.pictureFiles;
    this.checked = start.checked;
    this.commit = start.commit;
    this.pictures = start.pictures;
    this.reconcile = start.reconcile;
  }

  /**
   * Checks the deploy with the store's latest commit laid over it and serves it. When that
   * fails, the deploy with the uploaded pictures alone is served and `problem` names what is
   * wrong; when even that fails, ContentError (the server cannot start).
   */
  static async start(options: PublisherOptions): Promise<ContentPublisher> {
    const { store, checks } = options;
    const deployed = diskFolder(options.pagesDir);
    const commit = await store.pages.latestCommit();
    const pictures = await pictureMark(store);
    const { overlay, states, pictureFiles } = await storeOverlay(store);
    const base = withFiles(deployed, overlay);
    await checks.reset(overlay);
    const checked = contentOf(await checks.check(new Map()), base);
    let served = checked;
    if (errorsOf(checked.problems).length > 0) {
      // The editors' publishes do not check with this deploy: serve the deploy as it came, and say so.
      const reverted: Changes = new Map(
        states.flatMap((state) =>
          state.published ? [[state.file, deployed.has(state.file) ? deployed.read(state.file) : null] as const] : [],
        ),
      );
      served = contentOf(await checks.check(reverted), withFiles(base, reverted));
      if (errorsOf(served.problems).length > 0) throw new ContentError(served.problems, formatReport(served));
    }
    const site = new SiteService(SiteContent.of(served), options.render);
    const reconcile = reconcileList(deployed, states);
    const publisher = new ContentPublisher(options, site, { base, checked, commit, pictures, pictureFiles, reconcile });
    if (served !== checked) publisher.failed(checked, commit);
    for (const file of publisher.reconcile)
      options.log({
        level: 'warn',
        msg: 'a deploy changed a file an editor had published; the editor’s version stays live until the two are reconciled in the page editor',
        file,
      });
    if (options.pollMs > 0) publisher.poll();
    return publisher;
  }

  /** The content the site would be built from now (the store's latest; what is served, unless `problem`). */
  get current(): ContentFolder {
    return this.base;
  }

  /** The latest content, as checked. */
  get latest(): Content {
    return this.checked;
  }

  /** The deploy's own version of a file, before any editor changed it; null when the deploy has none. */
  deployedSource(file: string): string | null {
    const deployed = diskFolder(this.options.pagesDir);
    return deployed.has(file) ? deployed.read(file) : null;
  }

  /**
   * What the planner sees: the latest content, and the store's state of every file a change of
   * `files` can touch: each of them in every language, and the site file with its lists.
   */
  private async view(files: readonly string[]): Promise<PlanView> {
    const names = new Set(files.map((file) => file.split('/').at(-1)!));
    const touched = new Set([
      '_site.yaml',
      ...[...names].flatMap((name) => [name, ...languageFolders(this.base).map((code) => `${code}/${name}`)]),
    ]);
    const states = new Map(
      (await Promise.all([...touched].map((file) => this.options.store.pages.pageState(file)))).flatMap((state) =>
        state ? [[state.file, state]] : [],
      ),
    );
    return {
      live: this.base,
      stored: (path) => {
        const state = states.get(path);
        return state && { head: state.head, ...(state.draft && { draft: state.draft.source }) };
      },
    };
  }

  /** The site as `change` would make it, checked: an editor's check, stopped past the time limit. */
  private async checkChange(change: ChangeSet): Promise<Content | { problems: Problem[] }> {
    const changes = changesOf(change);
    try {
      return contentOf(await this.options.checks.check(changes, { limited: true }), withFiles(this.base, changes));
    } catch (error) {
      if (!(error instanceof CheckTookTooLong)) throw error;
      const file = change.files[0]!.path;
      return { problems: [{ severity: 'error', file, line: 1, col: 1, path: '(file)', message: error.message }] };
    }
  }

  /**
   * The plan of publishing `file` with `text` in its place (the draft, or what the editor has
   * on screen) and the named companions' drafts, and every problem of the site it makes: the
   * same plan publish makes, so what the check passes, publish accepts.
   */
  async plannedPublish(
    file: string,
    text: string,
    companions: readonly string[] = [],
  ): Promise<{ change: ChangeSet; checked: Content | { problems: Problem[] } } | { refused: string } | CompanionChanged> {
    const drafts = await companionDrafts(
      this.base,
      this.options.store,
      file,
      companions.map((name) => ({ file: name })),
    );
    if (!('drafts' in drafts)) return drafts;
    const view = await this.view([file, ...companions]);
    const change = planPublish(
      view,
      { path: file, text, basedOn: view.stored(file)?.head ?? DEPLOYED },
      [...drafts.drafts.values()].map((state) => ({ path: state.file, text: state.draft.source, basedOn: state.head })),
    );
    return { change, checked: await this.checkChange(change) };
  }

  /**
   * The problems of publishing `file` with `text` in its place: the editor's check. Publishing
   * stamps a translation, which can add its `source:` line; the file's problems are placed on
   * the lines of `text` as the editor has it.
   */
  async check(file: string, text: string, companions: readonly string[] = []): Promise<Problem[] | { refused: string } | CompanionChanged> {
    const planned = await this.plannedPublish(file, text, companions);
    if (!('change' in planned)) return planned;
    const published = planned.change.files.find((changed) => changed.path === file)?.text ?? text;
    const added = lineAdded(text, published);
    if (added === undefined) return planned.checked.problems;
    return planned.checked.problems.map((problem) =>
      problem.file === file && problem.line > added ? { ...problem, line: Math.max(added, problem.line - 1) } : problem,
    );
  }

  /** The document the page of `file` would be served as, published with `text` in its place; site files show their language's home page. */
  async preview(
    file: string,
    text: string,
    companions: readonly string[] = [],
  ): Promise<{ html: string } | { problems: Problem[] } | { refused: string } | CompanionChanged> {
    const planned = await this.plannedPublish(file, text, companions);
    if (!('change' in planned)) return planned;
    const { checked } = planned;
    if (!('folder' in checked) || errorsOf(checked.problems).length > 0) return { problems: errorsOf(checked.problems) };
    const source = checked.site?.languages[0]?.code ?? 'en';
    const { route, language } = addressOf(file, source);
    const path = route ?? (language === source ? '/' : `/${language}`);
    return { html: await this.site.preview(SiteContent.of(checked), path) };
  }

  /** How many errors publishing a draft would meet, kept per draft revision. */
  async draftErrors(file: string, draft: PageDraft): Promise<number> {
    let count = this.draftCounts.get(draft.revision);
    if (count === undefined) {
      const problems = await this.check(file, draft.source);
      count = Array.isArray(problems) ? errorsOf(problems).length : 1;
      this.draftCounts.set(draft.revision, count);
    }
    return count;
  }

  /** Publishes the file's draft, and in the same commit the drafts of the companions named in `together`. */
  publishDraft(
    file: string,
    basedOn: string,
    note: string | undefined,
    by: Actor,
    together: readonly { file: string; basedOn: string }[] = [],
  ): Promise<PublishOutcome> {
    return this.commitPlanned(by, [file, ...together.map((companion) => companion.file)], async (view) => {
      const state = await this.options.store.pages.pageState(file);
      if ((state?.head ?? DEPLOYED) !== basedOn) return { conflict: this.conflictOf(file, state) };
      if (!state?.draft) return { refused: 'There is no draft of this file to publish. Make a change first.' };
      const drafts = await companionDrafts(this.base, this.options.store, file, together);
      if (!('drafts' in drafts)) return drafts;
      const companions = [...drafts.drafts.values()];
      return {
        change: planPublish(
          view,
          { path: file, text: state.draft.source, basedOn },
          companions.map((companion) => ({ path: companion.file, text: companion.draft.source, basedOn: companion.head })),
          note,
        ),
        published: [file, ...companions.map((companion) => companion.file)],
      };
    });
  }

  /** Publishes the bytes of an earlier revision again, as a new revision; a draft in progress is kept. */
  rollback(file: string, revision: { revision: string; source: string | null }, by: Actor): Promise<PublishOutcome> {
    return this.commitPlanned(by, [file], (view) => ({
      change: planRollback(view, { path: file, text: revision.source, basedOn: view.stored(file)?.head ?? DEPLOYED }, revision.revision),
      published: [],
    }));
  }

  /** Unpublishes a page, with its translations. */
  remove(file: string, by: Actor): Promise<PublishOutcome> {
    return this.commitPlanned(by, [file], (view) => {
      const planned = planRemoval(view, file);
      return 'refused' in planned ? { refused: planned.refused.message } : { change: planned, published: [file] };
    });
  }

  /** Starts a new page (or translation) as a draft copy of `template`. */
  async startPage(file: string, template: string, by: Actor): Promise<{ draft: PageDraft } | Refusal['refused']> {
    const view = await this.view([file]);
    const planned = planNewPage(view, file, template);
    if ('refused' in planned) return planned.refused;
    const saved = await this.options.store.pages.saveDrafts(planned, by);
    if ('conflict' in saved) {
      const route = addressOf(file, 'en').route ?? file;
      return { field: 'file', message: `${route} was started by someone else a moment ago; open it from the list.`, status: 409 };
    }
    return { draft: saved.drafts[0]! };
  }

  /**
   * Plans, checks and commits a change alone among every instance's commits: under the
   * store's lock, the base is brought up to its latest commit first, so what is checked is what
   * the commit makes. The committed content is then served at once.
   */
  private commitPlanned(
    by: Actor,
    /** The files the action names (their companions are found by the plan): the view holds what the store has of them. */
    named: readonly string[],
    plan: (view: PlanView) => Awaitable<Planned | { conflict: PageConflict['conflict'] } | { refused: string } | CompanionChanged>,
  ): Promise<PublishOutcome> {
    return this.serially(async () => {
      let checked: Content | undefined;
      let change: ChangeSet | undefined;
      const outcome = await this.options.store.pages.commit<Exclude<PublishOutcome, { published: PageCommit }>>(by, async (latest) => {
        await this.follow(latest);
        change = undefined;
        const planned = await plan(await this.view(named));
        if ('conflict' in planned) return { refused: { conflict: planned.conflict } };
        if ('refused' in planned || 'companionChanged' in planned) return { refused: planned };
        change = planned.change;
        const result = await this.checkChange(change);
        if (!('folder' in result) || errorsOf(result.problems).length > 0) return { refused: { problems: errorsOf(result.problems) } };
        checked = result;
        return { change: this.published(planned) };
      });
      if ('refused' in outcome) return outcome.refused;
      if ('conflict' in outcome) {
        const state = await this.options.store.pages.pageState(outcome.conflict.file);
        return { conflict: this.conflictOf(outcome.conflict.file, state) };
      }
      await this.applied(changesOf(change!), checked!, outcome.commit.id);
      const files = change!.files.map((file) => file.path);
      for (const file of files) this.reconcile.delete(file);
      return { published: outcome.commit, files };
    });
  }

  /**
   * The change as the store keeps it: with the deploy's version each file was published over.
   * The drafts of the files the editor published (the file and its companions) go; a file the
   * change only brought into step (the site file's lists, a removed translation) keeps its
   * draft, and a rollback keeps every draft.
   */
  private published({ change, published }: Planned): PublishedChange {
    const deployed = diskFolder(this.options.pagesDir);
    return {
      ...change,
      files: change.files.map((file) => ({
        ...file,
        deployedHash: hashOf(deployed.has(file.path) ? deployed.read(file.path) : null),
        keepDraft: !published.includes(file.path),
      })),
    };
  }

  /** The conflict answer, with the deploy's version when the store has nothing of the file. */
  private conflictOf(file: string, state: PageState | undefined): PageConflict['conflict'] {
    const current = state?.draft ?? state?.published;
    return {
      file,
      revision: state?.head ?? DEPLOYED,
      source: current ? current.source : this.deployedSource(file),
      draft: state?.draft !== undefined,
    };
  }

  /** Makes committed (or followed) changes the base, and serves the content they make, already checked. */
  private async applied(changes: Changes, checked: Content, commit: string): Promise<void> {
    await this.options.checks.apply(changes);
    this.base = withFiles(this.base, changes);
    this.checked = { ...checked, folder: this.base };
    this.commit = commit;
    if (errorsOf(checked.problems).length === 0) {
      this.problem = undefined;
      this.site.use(SiteContent.of(this.checked));
    } else this.failed(checked, commit);
  }

  /** The latest content does not pass here: logged once for each commit, and kept for the owners' dashboard. */
  private failed(checked: Content, commit: string): void {
    if (this.problem?.commit === commit) return;
    const errors = errorsOf(checked.problems);
    this.problem = { since: new Date(this.options.clock.now()).toISOString(), commit, problems: errors };
    this.options.log({
      level: 'error',
      msg: 'the latest published content does not pass the check on this server; the last content that did stays live',
      commit,
      errors: errors.length,
      first: errors[0] && `${errors[0].file}:${errors[0].line}:${errors[0].col} ${errors[0].message}`,
    });
  }

  /** Brings the base up to the store's latest commit and pictures: what other instances published. */
  private async follow(latest?: string): Promise<void> {
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
      const usedBy = (await this.picturesUsedBy([name])).get(name)!;
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
   * found too): the site's files, and any draft (a draft's picture must stay for the draft to
   * be published). A draft is named "file (draft)".
   */
  async picturesUsedBy(names: readonly string[]): Promise<Map<string, string[]>> {
    const users = new Map<string, string[]>();
    for (const [file, pictures] of this.checked.pictures)
      for (const picture of pictures) users.set(picture, [...(users.get(picture) ?? []), file]);
    for (const state of await this.options.store.pages.pageStates()) {
      if (!state.draft) continue;
      for (const picture of picturesNamedIn(state.draft.source))
        users.set(picture, [...(users.get(picture) ?? []), `${state.file} (draft)`]);
    }
    return new Map(names.map((name) => [name, [...new Set(users.get(`${IMAGES_DIR}/${name}`) ?? [])]]));
  }

  private poll(): void {
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
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** The line (counted from 1) that `after` has and `before` lacks, when that is the one difference between them. */
function lineAdded(before: string, after: string): number | undefined {
  const old = before.split('\n');
  const now = after.split('\n');
  if (now.length !== old.length + 1) return undefined;
  const at = now.findIndex((line, index) => line !== old[index]);
  return now.slice(at + 1).every((line, index) => line === old[at + index]) ? at + 1 : undefined;
}

/** Every value of a YAML text that is an uploaded picture's path (images/x.jpg), however it is written. */
function picturesNamedIn(text: string): string[] {
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 20 });
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith(`${IMAGES_DIR}/`)) found.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(data);
  return found;
}
