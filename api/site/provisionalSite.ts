import { ContentChecker, type Content } from '../../src/content/checkContent';
import { classifyFile, filesIn, IMAGES_DIR, listContentFiles, pageAddresses, pageFileOf } from '../../src/content/contentFiles';
import { someFiles, withFiles, type ContentFolder } from '../../src/content/contentFolder';
import { contentPage } from '../../src/content/contentPage';
import { formatReport } from '../../src/content/formatProblems';
import { localRoute } from '../../src/content/translations';
import { canServe, SiteContent } from './siteContent';
import { ContentError } from './siteService';

/** How many pages' own checked content is kept while the site is provisional (a page and its translations are one). */
const PAGES_KEPT = 256;

/** Files checked together, and what their check made of them. */
interface Part {
  folder: ContentFolder;
  content: Content;
}

/**
 * The site served while the check of the whole site runs in its own thread, at the server's
 * start, so the server answers at once at any size. The files every page is drawn with (the
 * site file, the words, the desk, the privacy notice, the 404 pages, house style and
 * glossaries) are checked here as the server starts; the addresses are the pages' file names;
 * and each page is checked on its own when it is first asked for (its file and its
 * translations: syntax, schema, block rules, links against every address, pictures,
 * translations against their English), then drawn from what that check made of it.
 *
 * What is served is the deploy with the store's commits laid over it: the deploy was checked
 * before it shipped, and each commit when it was published. Where the store's version of a
 * file fails its check here and the deploy's passes, the deploy's is served, as the whole
 * check does for the whole site; where both fail, the store's is served while it can be drawn,
 * and the whole check names the problem. A page whose file fails its own schema is not a page:
 * its address answers the 404 page, as it will once the whole site is checked.
 */
export class ProvisionalSite {
  private readonly checker = new ContentChecker();
  private readonly addresses = new WeakMap<ContentFolder, ReadonlySet<string>>();
  /** The files every page is drawn with, as checked: from the store's latest, or the deploy's where the store's fail. */
  private readonly frame: Part;
  private readonly frameFiles: string[];
  /** The English file of the page at each address, by the files' names. */
  private readonly files = new Map<string, string>();
  /** Each page's own checked content, by its English file, the most recently asked for last. */
  private readonly kept = new Map<string, SiteContent>();
  readonly content: SiteContent;

  /**
   * `base` is the deploy with the store's commits over it; `deployed`, the deploy as it came;
   * `published`, the files the store's commits changed. Throws ContentError when the files every
   * page is drawn with fail so that nothing can be drawn, from the store or from the deploy.
   */
  constructor(
    base: ContentFolder,
    private readonly deployed: ContentFolder,
    private readonly published: ReadonlySet<string>,
  ) {
    const frameFiles = (folder: ContentFolder) => folder.files.filter((file) => pageFileOf(file) === undefined && !isPicture(file));
    this.frame = this.choose(base, frameFiles(base), [], () => true, canServe);
    if (!canServe(this.frame.content)) throw new ContentError(this.frame.content.problems, formatReport(this.frame.content));
    this.frameFiles = frameFiles(this.frame.folder);
    this.content = SiteContent.provisional(this.byName(), (path) => this.pageContent(path));
  }

  /**
   * The site with every page by its file's name: the checked frame, English pages at their
   * files' addresses, translations at theirs, and the English pages the site file lists as
   * untranslated at each language's address. A page's data, read here only for what is not
   * served (the owners' figures), is read from its file; what visitors get goes through `servedBy`.
   */
  private byName(): Content {
    const { folder, content } = this.frame;
    const pages = listContentFiles(folder).flatMap((file) => {
      const entry = classifyFile(file);
      return entry.kind === 'page' && folder.has(file) ? [contentPage(folder, file, entry.key, entry.route)] : [];
    });
    for (const page of pages) this.files.set(page.route, page.file);
    const languages = content.languages.map((language) => {
      const { code } = language;
      const translated = new Set(filesIn(folder, code));
      const listed = new Set(content.site!.untranslated?.[code] ?? []);
      for (const page of pages)
        if (translated.has(page.file) || listed.has(page.route)) this.files.set(localRoute(code, page.route), page.file);
      return {
        ...language,
        pages: pages
          .filter((page) => translated.has(page.file))
          .map((page) => contentPage(folder, `${code}/${page.file}`, `${code}/${page.key}`, localRoute(code, page.route))),
        untranslated: pages.filter((page) => !translated.has(page.file) && listed.has(page.route)).map((page) => page.route),
      };
    });
    return { ...content, pages, languages };
  }

  /** The content the page at `path` is served from: it and its translations, checked on their own; undefined where no file claims `path`. */
  private pageContent(path: string): SiteContent | undefined {
    const file = this.files.get(path);
    if (file === undefined) return undefined;
    let found = this.kept.get(file);
    if (found) this.kept.delete(file);
    else {
      const own = [file, ...this.frame.content.languages.map((language) => `${language.code}/${file}`)];
      const part = this.choose(
        this.frame.folder,
        own,
        this.frameFiles,
        (name) => own.includes(name),
        (content) => content.pages.length > 0,
      );
      found = SiteContent.of(part.content);
    }
    this.kept.set(file, found);
    if (this.kept.size > PAGES_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return found;
  }

  /**
   * `files` of `folder` checked on their own, with the `alongside` files they are drawn with
   * and the pictures: as the folder has them when none of the errors `owns` is theirs; otherwise
   * with those of them the store changed as the deploy has them, when that passes; otherwise
   * whichever of the two is `usable`, the store's first.
   */
  private choose(
    folder: ContentFolder,
    files: readonly string[],
    alongside: readonly string[],
    owns: (file: string) => boolean,
    usable: (content: Content) => boolean,
  ): Part {
    const failing = (content: Content) => content.problems.some((problem) => problem.severity === 'error' && owns(problem.file));
    const latest = this.check(folder, [...alongside, ...files]);
    const changed = files.filter((file) => this.published.has(file));
    if (!failing(latest.content) || changed.length === 0) return latest;
    const deployed = new Map(changed.map((file) => [file, this.deployed.has(file) ? this.deployed.read(file) : null]));
    const reverted = this.check(withFiles(folder, deployed), [...alongside, ...files]);
    if (!failing(reverted.content)) return reverted;
    return usable(latest.content) || !usable(reverted.content) ? latest : reverted;
  }

  /** Some files of a folder and its pictures, checked, with links judged against every address of the folder. */
  private check(folder: ContentFolder, files: readonly string[]): Part {
    let addresses = this.addresses.get(folder);
    if (!addresses) this.addresses.set(folder, (addresses = pageAddresses(folder)));
    return { folder, content: this.checker.check(someFiles(folder, [...files, ...folder.files.filter(isPicture)]), { addresses }) };
  }
}

const isPicture = (file: string) => file.startsWith(`${IMAGES_DIR}/`);
