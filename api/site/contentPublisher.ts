import type { Content, Problem } from '../../src/content/checkContent';
import { checkContent } from '../../src/content/checkContent';
import { diskFolder, withFile, withFiles, type ContentFolder } from '../../src/content/contentFolder';
import { classifyFile, IMAGES_DIR } from '../../src/content/contentFiles';
import { blankSchemePage } from '../../src/content/blankPage';
import { contentOutlines } from '../../src/content/schemaOutline';
import { indiaDate } from '../../src/shared/indiaTime';
import { BLANK_TEMPLATE } from '../../src/shared/pageEditor';
import { englishOf, stampTranslation } from '../../src/content/translationStamp';
import { filesOfPicture } from '../../src/content/pictureSizes';
import { untranslatedInStep } from '../../src/content/untranslatedList';
import type { Clock } from '../clock';
import { conflictOf, DEPLOYED, type PageConflict, type PageDraft, type PageRevision, type PageState } from '../store/PageStore';
import type { PictureInfo } from '../store/PictureStore';
import type { Actor, Store } from '../store/Store';
import { companionDrafts, type CompanionChanged } from './companions';
import { writeContentToDisk } from './contentOnDisk';
import { addressOf } from './pageList';
import { picturesUsedBy } from './pictureUse';
import { deployedHashFor, hashOf, publishedFolder } from './publishedFolder';
import { ContentError, type SiteService } from './siteService';

export type PublishOutcome =
  { published: PageRevision; files: string[] } | { problems: Problem[] } | PageConflict | { refused: string } | CompanionChanged;

export interface PublisherOptions {
  store: Store;
  site: SiteService;
  /** The deployed content folder (PAGES_DIR). */
  pagesDir: string;
  /** With the file store, publishes are also written into PAGES_DIR, for a developer to commit. */
  writeToDisk: boolean;
  clock: Clock;
  /** How often to look for publishes made by another instance; 0 never looks. */
  pollMs: number;
  log: (fields: Record<string, unknown>) => void;
}

const errorsOf = (problems: readonly Problem[]) => problems.filter((problem) => problem.severity === 'error');
/** How a picture is listed among the files the site was built from: it has no revisions. */
const PICTURE = 'picture';
/** The store's published mark and its pictures' names, as `storeMark` reads them. */
const markOf = (served: ReadonlyMap<string, string>) => {
  const revisions = [...served.values()].filter((revision) => revision !== PICTURE);
  const pictures = [...served].flatMap(([file, revision]) => (revision === PICTURE ? [file] : []));
  return `${revisions.reduce((sum, revision) => sum + Number(revision), 0)} ${pictures.sort().join(' ')}`;
};
const storeMark = async (store: Store) => {
  const pictures = (await store.pictures.pictureList()).map((picture) => `${IMAGES_DIR}/${picture.name}`);
  return `${await store.pages.publishedMark()} ${pictures.sort().join(' ')}`;
};

/**
 * The site as editors change it: the deployed content folder with every publish from the store
 * in its place. A publish is checked with the whole site, rendered beside the live site, written
 * to the store (which refuses it if another was written from the same revision) and only then
 * served, all at once. One publish at a time per instance; other instances notice a publish
 * by the store's published mark and rebuild.
 */
export class ContentPublisher {
  private folder: ContentFolder;
  private served: Map<string, string>;
  /** Files a deploy changed after an editor published them: the editor's version is live. */
  reconcile: Set<string>;
  private queue: Promise<unknown> = Promise.resolve();
  private stopPolling: () => void = () => {};
  private readonly draftCounts = new Map<string, number>();

  private constructor(
    private readonly options: PublisherOptions,
    start: { folder: ContentFolder; reconcile: Set<string>; served: Map<string, string> },
  ) {
    this.folder = start.folder;
    this.reconcile = start.reconcile;
    this.served = start.served;
  }

  /** The content to start the site from: the deploy with the store's publishes. */
  static async content(pagesDir: string, store: Store) {
    const states = await store.pages.pageStates();
    const pictures = await store.pictures.pictureList();
    const { folder, reconcile } = publishedFolder(withFiles(diskFolder(pagesDir), await store.pictures.pictureFiles()), states);
    return { folder, reconcile, served: servedOf(states, pictures) };
  }

  /**
   * Takes over a site started from `content(...)` (or, without it, from whatever folder it was
   * started from), and looks for other instances' publishes from now on.
   */
  static take(options: PublisherOptions, start?: Awaited<ReturnType<typeof ContentPublisher.content>>): ContentPublisher {
    const publisher = new ContentPublisher(
      options,
      start ?? { folder: options.site.current.content.content.folder, reconcile: new Set(), served: new Map() },
    );
    if (options.pollMs > 0) publisher.poll();
    return publisher;
  }

  /** The content the site is built from now. */
  get current(): ContentFolder {
    return this.folder;
  }

  /** The deploy's own version of a file, before any editor changed it; null when the deploy has none. */
  deployedSource(file: string): string | null {
    const deployed = this.deployed();
    return deployed.has(file) ? deployed.read(file) : null;
  }

  /** The checked content the live site was built from. */
  get checked(): Content {
    return this.options.site.current.content.content;
  }

  /** How many errors the site would have with this draft in place (kept per draft revision: each costs a whole-site check). */
  draftErrors(file: string, draft: PageDraft): number {
    let count = this.draftCounts.get(draft.revision);
    if (count === undefined) {
      count = errorsOf(this.check(file, draft.source)).length;
      this.draftCounts.set(draft.revision, count);
    }
    return count;
  }

  /**
   * Every problem of the site with `file` replaced by `source` (or removed, with null), and any
   * `together` files in place too, as npm run check:content reports them.
   */
  check(file: string, source: string | null, together: ReadonlyMap<string, string> = new Map()): Problem[] {
    return checkContent(withFiles(this.folder, new Map([...together, [file, source]]))).problems;
  }

  /** The document the page of `file` would be served as, with `source` in its place; site files show their language's home page. */
  async preview(
    file: string,
    source: string,
    together: ReadonlyMap<string, string> = new Map(),
  ): Promise<{ html: string } | { problems: Problem[] }> {
    const sourceLanguage = this.checked.site?.languages[0]?.code ?? 'en';
    const { route, language } = addressOf(file, sourceLanguage);
    const path = route ?? (language === sourceLanguage ? '/' : `/${language}`);
    try {
      return { html: await this.options.site.preview(withFiles(this.folder, new Map([...together, [file, source]])), path) };
    } catch (error) {
      if (error instanceof ContentError) return { problems: errorsOf(error.problems) };
      throw error;
    }
  }

  /** Publishes the file's draft, and in the same step the drafts of the companions named in `together`. */
  publishDraft(
    file: string,
    basedOn: string,
    note: string | undefined,
    by: Actor,
    together: readonly { file: string; basedOn: string }[] = [],
  ): Promise<PublishOutcome> {
    return this.serially(async () => {
      const state = await this.options.store.pages.pageState(file);
      const conflict = this.conflict(state, file, basedOn);
      if (conflict) return conflict;
      if (!state?.draft) return { refused: 'There is no draft of this file to publish. Make a change first.' };
      const companions = await companionDrafts(this.folder, this.options.store, file, together);
      if (!('drafts' in companions)) return companions;
      return this.publish(file, state, state.draft.source, { note, by, keepDraft: false, companions: companions.drafts, stamp: true });
    });
  }

  /** Publishes the bytes of an earlier revision again, as a new revision; a draft in progress is kept. */
  rollback(file: string, revision: PageRevision, by: Actor): Promise<PublishOutcome> {
    return this.serially(async () => {
      const state = await this.options.store.pages.pageState(file);
      return this.publish(file, state, revision.source, { note: `Rollback to revision ${revision.revision}`, by, keepDraft: true });
    });
  }

  /** Unpublishes a page, with its translations. */
  remove(file: string, by: Actor): Promise<PublishOutcome> {
    return this.serially(async () => {
      const state = await this.options.store.pages.pageState(file);
      return this.publish(file, state, null, { note: undefined, by, keepDraft: false });
    });
  }

  /**
   * Starts a new page as a draft copy of `template`: its file must make a free address that
   * is no admin or server path, and the template must be a page.
   */
  async startPage(
    file: string,
    template: string,
    by: Actor,
  ): Promise<{ draft: PageDraft } | { field: string; message: string; status: 400 | 409 }> {
    const entry = classifyFile(file);
    if (entry.kind !== 'page')
      return { field: 'file', message: `${file} ${entry.kind === 'invalid' ? entry.reason : 'is a site file'}`, status: 400 };
    const state = await this.options.store.pages.pageState(file);
    if (this.folder.has(file) || state?.draft)
      return { field: 'file', message: `${entry.route} is taken: open ${file} to change it, or choose another name.`, status: 409 };
    const blank = template === BLANK_TEMPLATE && !file.includes('/');
    if (!blank && (!this.folder.has(template) || classifyFile(template.split('/').at(-1)!).kind !== 'page'))
      return { field: 'template', message: 'Choose a page of the site to start from.', status: 400 };
    const english = file.split('/').at(-1)!;
    if (file.includes('/') && !this.folder.has(english))
      return { field: 'file', message: `${file} is a translation: its English page ${english} must be published first.`, status: 400 };
    const saved = await this.options.store.pages.saveDraft(
      file,
      { source: blank ? blankSchemePage(contentOutlines(), indiaDate(this.options.clock.now())) : this.folder.read(template), basedOn: state?.head ?? DEPLOYED },
      by,
    );
    if ('conflict' in saved)
      return { field: 'file', message: `${entry.route} was started by someone else a moment ago; open it from the list.`, status: 409 };
    return saved;
  }

  /** An uploaded picture's files join the content, and the site is built again to serve them (a preview shows them at once). */
  addPicture(name: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
    return this.serially(async () => {
      this.folder = withFiles(this.folder, files);
      await this.options.site.replace(this.folder);
      this.served.set(`${IMAGES_DIR}/${name}`, PICTURE);
      if (this.options.writeToDisk) await writeContentToDisk(this.options.pagesDir, files, this.options.log);
    });
  }

  /**
   * Deletes an uploaded picture unless a file or draft names it. The check, the build without
   * it and the store's removal are one step among publishes, so no publish slips in between.
   */
  removePicture(name: string): Promise<{ usedBy: string[] } | { removed: true }> {
    return this.serially(async () => {
      const usedBy = (await picturesUsedBy(this.folder, this.options.store, [name])).get(name)!;
      if (usedBy.length > 0) return { usedBy };
      const removed = new Map(filesOfPicture(this.folder.files, name).map((file) => [file, null]));
      const folder = withFiles(this.folder, removed);
      await this.options.site.replace(folder);
      try {
        await this.options.store.pictures.removePicture(name);
      } catch (error) {
        await this.options.site.replace(this.folder);
        throw error;
      }
      this.folder = folder;
      this.served.delete(`${IMAGES_DIR}/${name}`);
      if (this.options.writeToDisk) await writeContentToDisk(this.options.pagesDir, removed, this.options.log);
      return { removed: true };
    });
  }

  /** The conflict answer, with the deploy's source filled in when the store has nothing of the file. */
  conflict(state: PageState | undefined, file: string, basedOn: string): PageConflict | undefined {
    const conflict = conflictOf(state, basedOn);
    if (conflict && conflict.conflict.revision === DEPLOYED) conflict.conflict.source = this.deployedSource(file);
    return conflict;
  }

  private async publish(
    file: string,
    state: PageState | undefined,
    source: string | null,
    {
      note,
      by,
      keepDraft,
      companions = new Map(),
      stamp = false,
    }: {
      note: string | undefined;
      by: Actor;
      keepDraft: boolean;
      companions?: ReadonlyMap<string, PageState & { draft: PageDraft }>;
      /** A translation published from its draft is up to date with its English file as published with it: stamp it so. */
      stamp?: boolean;
    },
  ): Promise<PublishOutcome> {
    const changes = new Map<string, string | null>([[file, source]]);
    for (const [name, companion] of companions) changes.set(name, companion.draft.source);
    if (stamp) {
      const after = withFiles(this.folder, changes);
      for (const [name, text] of changes) {
        const english = text === null ? undefined : englishOf(name, after);
        if (english) changes.set(name, stampTranslation(text!, after, english));
      }
    }
    const english = !file.includes('/') && classifyFile(file).kind === 'page';
    if (english && source === null) {
      for (const other of this.folder.files) if (other.endsWith(`/${file}`) && other.split('/').length === 2) changes.set(other, null);
    }
    let folder = withFiles(this.folder, changes);
    if (this.folder.has(file) !== folder.has(file)) {
      const site = untranslatedInStep(folder);
      if (site !== undefined) {
        changes.set('_site.yaml', site);
        folder = withFile(folder, '_site.yaml', site);
      }
    }
    let built;
    try {
      built = await this.options.site.build(folder);
    } catch (error) {
      if (error instanceof ContentError) return { problems: errorsOf(error.problems) };
      throw error;
    }
    const deployed = this.deployed();
    const ordered = [file, ...[...changes.keys()].filter((name) => name !== file)];
    let first: PageRevision | undefined;
    for (const name of ordered) {
      // The file and its companions were read by the caller, so a change made since is a conflict;
      // the others (removed translations, the site file's list) are written over whatever is newest.
      let current = name === file ? state : (companions.get(name) ?? (await this.options.store.pages.pageState(name)));
      if (!current?.published && deployed.has(name)) {
        // A file's first publish keeps the deploy's version as a revision of its own: once the
        // file store writes the new one into PAGES_DIR, the deploy's bytes are nowhere else.
        const kept = await this.options.store.pages.publishPage(
          name,
          {
            source: deployed.read(name),
            basedOn: current?.head ?? DEPLOYED,
            note: 'As deployed',
            deployedHash: hashOf(deployed.read(name)),
            keepDraft: true,
          },
          by,
        );
        if ('conflict' in kept) return this.conflict(current, name, current?.head ?? DEPLOYED) ?? kept;
        current = (await this.options.store.pages.pageState(name))!;
      }
      const result = await this.options.store.pages.publishPage(
        name,
        {
          source: changes.get(name)!,
          basedOn: current?.head ?? DEPLOYED,
          ...(note && { note }),
          deployedHash: deployedHashFor(deployed, name, current),
          keepDraft: keepDraft || (name !== file && !companions.has(name)),
        },
        by,
      );
      if ('conflict' in result) {
        if (!first) return this.conflict(current, name, current?.head ?? DEPLOYED) ?? result;
        // Another instance changed a companion file in between: build again from the store, which has both.
        await this.reload();
        return { published: first, files: ordered };
      }
      first ??= result.published;
      this.served.set(name, result.published.revision);
    }
    this.options.site.use(built);
    this.folder = folder;
    for (const name of ordered) this.reconcile.delete(name);
    if (this.options.writeToDisk) await writeContentToDisk(this.options.pagesDir, changes, this.options.log);
    return { published: first!, files: ordered };
  }

  /** Rebuilds the site from the deploy and the store: another instance published. */
  private async reload(): Promise<void> {
    const start = await ContentPublisher.content(this.options.pagesDir, this.options.store);
    await this.options.site.replace(start.folder);
    this.folder = start.folder;
    this.reconcile = start.reconcile;
    this.served = start.served;
  }

  private poll(): void {
    const tick = async () => {
      try {
        const mark = await storeMark(this.options.store);
        if (mark !== markOf(this.served)) await this.serially(() => this.reload());
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

  private deployed(): ContentFolder {
    return diskFolder(this.options.pagesDir);
  }

  /** Publishes run one at a time, so each is checked against the site the one before it made. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** What the site was built from: each published file's revision, and (by name) each uploaded picture. */
function servedOf(states: readonly PageState[], pictures: readonly PictureInfo[]): Map<string, string> {
  return new Map([
    ...states.flatMap((state) => (state.published ? [[state.file, state.published.revision] as const] : [])),
    ...pictures.map((picture) => [`${IMAGES_DIR}/${picture.name}`, PICTURE] as const),
  ]);
}
