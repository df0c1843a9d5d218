import type { Content, Problem } from '../../src/content/checkContent';
import { diskFolder, withFiles } from '../../src/content/contentFolder';
import { languageFolders } from '../../src/content/contentFiles';
import { blankSchemePage } from '../../src/content/blankPage';
import { contentOutlines } from '../../src/content/schemaOutline';
import { indiaDate } from '../../src/shared/indiaTime';
import { BLANK_TEMPLATE } from '../../src/shared/pageEditor';
import { planNewPage, planPublish, planRemoval, planRollback, type PlanView, type Refusal } from '../../src/content/planChange';
import { forOwner, type ForOwner } from '../../src/content/reviewRule';
import { changesOf, type ChangeSet } from '../../src/shared/changeSet';
import { DEPLOYED, type PageCommit, type PageConflict, type PageDraft, type PageState, type PublishedChange } from '../store/PageStore';
import type { Actor } from '../store/Store';
import type { Submission } from '../store/SubmissionStore';
import { contentOf } from './checkedContent';
import { ProvisionalSite } from './provisionalSite';
import { companionDrafts, type CompanionChanged } from './companions';
import { CheckTookTooLong, type Changes } from './contentChecks';
import { hashOf, deployChangedFiles } from './publishedFolder';
import { addressOf } from './pageList';
import { SiteService } from './siteService';
import { SiteContent } from './siteContent';
import {
  errorsOf,
  LiveContent,
  pictureMark,
  storeOverlay,
  type Author,
  type PublisherOptions,
  type PublishOutcome,
  type Submitted,
} from './liveContent';

type Awaitable<T> = T | Promise<T>;

/** A planned change, and the files whose drafts it publishes. */
interface Planned {
  change: ChangeSet;
  published: string[];
}

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
export class ContentPublisher extends LiveContent {
  private readonly draftCounts = new Map<string, number>();

  /**
   * Serves the deploy with the store's latest commit laid over it at once, as a provisional
   * site whose pages are each checked on their own when asked for (provisionalSite.ts), while
   * the whole site is checked in the check's thread (checkAtStart). Throws ContentError when
   * what every page is drawn with (the site file, the words, the 404 page) fails, from the
   * store and from the deploy alike, so that nothing can be drawn: the server cannot start.
   */
  static async start(options: PublisherOptions): Promise<ContentPublisher> {
    const { store, checks } = options;
    const deployed = diskFolder(options.pagesDir);
    const commit = await store.pages.latestCommit();
    const pictures = await pictureMark(store);
    const { overlay, states, pictureFiles } = await storeOverlay(store);
    const base = withFiles(deployed, overlay);
    // Sent first, so the check's thread works on the whole site while this one makes the provisional site.
    const whole = checks.reset(overlay).then(async () => {
      const summary = await checks.check(new Map());
      // Not waited for: the next check waits for it in the check's queue.
      checks
        .renew()
        .catch((error: Error) => options.log({ level: 'error', msg: 'the content check could not start again', error: error.message }));
      return summary;
    });
    whole.catch(() => undefined);
    const published = states.flatMap((state) => (state.published ? [state.file] : []));
    const site = new SiteService(new ProvisionalSite(base, deployed, new Set(published)).content, options.render, options.log);
    const deployChanged = deployChangedFiles(deployed, states);
    const publisher = new ContentPublisher(options, site, { deployed, base, commit, pictures, pictureFiles, deployChanged });
    for (const file of publisher.deployChanged)
      options.log({
        level: 'warn',
        msg: 'a deploy changed a file an editor had published; the editor’s version stays live until the two are reconciled in the page editor',
        file,
      });
    // Should the store's commits not check with this deploy, the deploy as it came: every published file put back.
    const reverted: Changes = new Map(published.map((file) => [file, deployed.has(file) ? deployed.read(file) : null]));
    publisher.checkAtStart(whole, reverted);
    if (options.pollMs > 0) publisher.poll();
    return publisher;
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

  /** Publishes the file's draft, and in the same commit the drafts of the companions named. */
  async publishDraft(
    file: string,
    basedOn: string,
    note: string | undefined,
    by: Author,
    companions: readonly { file: string; basedOn: string }[] = [],
  ): Promise<PublishOutcome> {
    let published: string[] = [];
    const outcome = await this.commitPlanned(by, [file, ...companions.map((companion) => companion.file)], async (view) => {
      const state = await this.options.store.pages.pageState(file);
      if ((state?.head ?? DEPLOYED) !== basedOn) return { conflict: this.conflictOf(file, state) };
      if (!state?.draft) return { refused: 'There is no draft of this file to publish. Make a change first.' };
      const found = await companionDrafts(this.base, this.options.store, file, companions);
      if (!('drafts' in found)) return found;
      const drafts = [...found.drafts.values()];
      return {
        change: planPublish(
          view,
          { path: file, text: state.draft.source, basedOn },
          drafts.map((companion) => ({ path: companion.file, text: companion.draft.source, basedOn: companion.head })),
          note,
        ),
        published: (published = [file, ...drafts.map((companion) => companion.file)]),
      };
    });
    // Those drafts went live directly (an owner published them): a change of them still waiting for review is replaced.
    if ('published' in outcome) await this.options.store.submissions.replaceWaiting(published);
    return outcome;
  }

  /** Publishes the bytes of an earlier revision again, as a new revision; a draft in progress is kept. */
  rollback(file: string, revision: { revision: string; source: string | null }, by: Author): Promise<PublishOutcome> {
    return this.commitPlanned(by, [file], (view) => ({
      change: planRollback(view, { path: file, text: revision.source, basedOn: view.stored(file)?.head ?? DEPLOYED }, revision.revision),
      published: [],
    }));
  }

  /** Unpublishes a page, with its translations. */
  remove(file: string, by: Author): Promise<PublishOutcome> {
    return this.commitPlanned(by, [file], (view) => {
      const planned = planRemoval(view, file);
      return 'refused' in planned ? { refused: planned.refused.message } : { change: planned, published: [file] };
    });
  }

  /**
   * Publishes a waiting submission as it was submitted, through the same check and commit as
   * any publish. When a file moved on since, or the check now fails, nothing is published and
   * the submission keeps waiting.
   */
  async publishSubmission(submission: Submission & { change: ChangeSet }, by: Author): Promise<PublishOutcome> {
    const outcome = await this.commitPlanned(by, submission.files, () => ({ change: submission.change, published: submission.drafts }));
    if ('published' in outcome) await this.options.store.submissions.decideSubmission(submission.id, { status: 'published', by: by.actor });
    return outcome;
  }

  /** Starts a new page (or translation) as a draft copy of `template`. */
  async startPage(file: string, template: string, by: Actor): Promise<{ draft: PageDraft } | Refusal['refused']> {
    const view = await this.view([file]);
    const blank = template === BLANK_TEMPLATE ? blankSchemePage(contentOutlines(), indiaDate(this.options.clock.now())) : undefined;
    const planned = planNewPage(view, file, template, blank);
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
   * the commit makes. The committed content is then served at once. An editor's change that an
   * owner must approve is kept as a submission instead, checked but not committed.
   */
  private commitPlanned(
    by: Author,
    /** The files the action names (their companions are found by the plan): the view holds what the store has of them. */
    named: readonly string[],
    plan: (view: PlanView) => Awaitable<Planned | { conflict: PageConflict['conflict'] } | { refused: string } | CompanionChanged>,
  ): Promise<PublishOutcome> {
    return this.serially(async () => {
      let checked: Content | undefined;
      let change: ChangeSet | undefined;
      type Refused = Exclude<PublishOutcome, { published: PageCommit } | Submitted> | { forOwner: Planned & { owners: ForOwner[] } };
      const outcome = await this.options.store.pages.commit<Refused>(by.actor, async (latest) => {
        await this.follow(latest);
        change = undefined;
        const planned = await plan(await this.view(named));
        if ('conflict' in planned) return { refused: { conflict: planned.conflict } };
        if ('refused' in planned || 'companionChanged' in planned) return { refused: planned };
        change = planned.change;
        const result = await this.checkChange(change);
        if (!('folder' in result) || errorsOf(result.problems).length > 0) return { refused: { problems: errorsOf(result.problems) } };
        checked = result;
        const owners = by.owner ? [] : forOwner(change, (path) => this.liveSource(path));
        if (owners.length > 0) return { refused: { forOwner: { ...planned, owners } } };
        return { change: this.published(planned) };
      });
      if ('refused' in outcome) {
        if (!('forOwner' in outcome.refused)) return outcome.refused;
        const { change: held, published, owners } = outcome.refused.forOwner;
        const file = named[0]!;
        const submitted = await this.options.store.submissions.submit({ file, change: held, drafts: published, by: by.actor });
        return { submitted, owners };
      }
      if ('conflict' in outcome) {
        const state = await this.options.store.pages.pageState(outcome.conflict.file);
        return { conflict: this.conflictOf(outcome.conflict.file, state) };
      }
      await this.applied(changesOf(change!), checked!, outcome.commit.id);
      const files = change!.files.map((file) => file.path);
      for (const file of files) this.deployChanged.delete(file);
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
    return {
      ...change,
      files: change.files.map((file) => ({
        ...file,
        deployedHash: hashOf(this.deployedSource(file.path)),
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
}

/** The line (counted from 1) that `after` has and `before` lacks, when that is the one difference between them. */
function lineAdded(before: string, after: string): number | undefined {
  const old = before.split('\n');
  const now = after.split('\n');
  if (now.length !== old.length + 1) return undefined;
  const at = now.findIndex((line, index) => line !== old[index]);
  return now.slice(at + 1).every((line, index) => line === old[at + index]) ? at + 1 : undefined;
}
