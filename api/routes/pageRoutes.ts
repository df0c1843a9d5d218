import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ADMIN_API } from '../../src/shared/adminPaths';
import type { Problem } from '../../src/content/checkContent';
import { contentOutlines } from '../../src/content/schemaOutline';
import type { ServerContext } from '../context';
import { validBody } from '../middleware/validBody';
import type { JsonBodyEnv } from '../middleware/jsonBody';
import { actorOf, auditedBy, pagesReady, type SessionEnv } from '../middleware/requireSession';
import { authorOf, fileReview, submittedAnswer } from './reviewRoutes';
import { sameOriginJson } from '../middleware/sameOriginJson';
import { companionsOf } from '../site/companions';
import type { PublishOutcome } from '../site/liveContent';
import { englishVersions } from '../site/englishVersions';
import { pageList } from '../site/pageList';
import { linkProblems, sourcesReport } from '../linkCheck/sourcesReport';
import type { ContentStatus } from '../../src/shared/pageEditor';
import { isPage, planDrafts } from '../../src/content/planChange';
import { englishOf } from '../../src/content/translationStamp';
import { DEPLOYED, type PageConflict, type PageRevision } from '../store/PageStore';

type Env = JsonBodyEnv & SessionEnv;

/** A content file's text can be far longer than a form: the largest translation is some 40 KB. */
const MAX_PAGE_BODY_BYTES = 512 * 1024;
const limitPageBody = bodyLimit({
  maxSize: MAX_PAGE_BODY_BYTES,
  onError: (c) => c.json({ message: `The request is too large; send at most ${MAX_PAGE_BODY_BYTES / 1024} KB.` }, 413),
});

const NO_FILE = 'There is no such content file.';
const CONFLICT = 'Someone else changed this file since you opened it. Compare the two versions, then save again.';
const companionChanged = (file: string) =>
  `${file} has been changed since you opened this file: reload to see its newest draft, then publish again.`;
const HAS_ERRORS = 'The check found problems to fix before this can be published.';

const problemsView = (problems: readonly Problem[]) =>
  problems.map(({ file, line, col, path, message, severity }) => ({ file, line, col, path, message, severity }));

/** A change of several files names the one someone else changed; a file's own save says "this file". */
const conflictAnswer = (c: Context, { conflict }: PageConflict, several = false) =>
  c.json(
    {
      message: several ? `${conflict.file}: ${CONFLICT.replace('this file', 'it')}` : CONFLICT,
      current: { file: conflict.file, source: conflict.source, revision: conflict.revision, draft: conflict.draft },
    },
    409,
  );

/** A content file the editor works on: YAML only (pictures change by upload alone), in the content folder or a language folder. */
const EDITABLE = /^(?:[a-z]{2}\/)?[A-Za-z0-9_][A-Za-z0-9_-]*\.yaml$/;

/**
 * The page editor's API: owners and editors list the content files, save drafts, check,
 * publish, compare and roll back revisions, add and remove pages. Each change is audited by
 * file and revision, never by its text.
 */
export function pageRoutes({ store, config, clock, publisher }: ServerContext) {
  const ready = pagesReady(store, config, clock);
  const change = [limitPageBody, ...ready, sameOriginJson(config.siteUrl)] as const;

  /** The English file of the content folder that `file` translates (the forms' words translate the form schemas: none). */
  const translatesFile = (file: string) => {
    const english = englishOf(file, publisher.current);
    return english !== undefined && publisher.current.has(english) ? english : null;
  };

  /** A conflict with a file the store has nothing of carries the deploy's version, the text there is now. */
  const withDeployed = (found: PageConflict): PageConflict => {
    if (found.conflict.revision === DEPLOYED) found.conflict.source = publisher.deployedSource(found.conflict.file);
    return found;
  };

  /** The YAML file named in the address, if the site has it (published or deployed) or a draft of it exists. */
  const known = async (file: string) => {
    if (!EDITABLE.test(file)) return undefined;
    const state = await store.pages.pageState(file);
    const exists = publisher.current.has(file) || state?.draft !== undefined;
    return exists ? { state } : undefined;
  };

  const published = (c: Context<Env>, outcome: PublishOutcome, action: 'page-publish' | 'page-rollback' | 'page-remove') => {
    if ('conflict' in outcome) return conflictAnswer(c, outcome);
    if ('refused' in outcome) return c.json({ message: outcome.refused }, 400);
    if ('companionChanged' in outcome) return c.json({ message: companionChanged(outcome.companionChanged) }, 409);
    if ('problems' in outcome) return c.json({ message: HAS_ERRORS, problems: problemsView(outcome.problems) }, 400);
    if ('submitted' in outcome)
      return store.audit
        .add({
          ...auditedBy(c.var.signedIn),
          action: 'page-submit',
          detail: `${outcome.submitted.files.join(', ')} submission ${outcome.submitted.id}`,
        })
        .then(() => submittedAnswer(c, outcome));
    const revision = outcome.published.revisions[0]!.revision;
    return store.audit
      .add({
        ...auditedBy(c.var.signedIn),
        action,
        detail: `${outcome.files.join(', ')} commit ${outcome.published.id} revision ${revision}`,
      })
      .then(() => c.json({ revision, commit: outcome.published.id, files: outcome.files }));
  };

  /** A check's or preview's answer when the companions named cannot go with the file. */
  const refusedCompanions = (c: Context<Env>, outcome: { refused: string } | { companionChanged: string }) =>
    c.json({ message: 'refused' in outcome ? outcome.refused : companionChanged(outcome.companionChanged) }, 400);

  let outlines: ReturnType<typeof contentOutlines> | undefined;

  /** A stored revision, or the deploy's own version as revision 0, which can be compared and rolled back to like any other. */
  const revisionOf = async (file: string, revision: string): Promise<PageRevision | undefined> => {
    if (!(await known(file))) return undefined;
    if (revision !== DEPLOYED) return store.pages.pageRevision(file, revision);
    const source = publisher.deployedSource(file);
    return source === null ? undefined : { revision, commit: '0', at: '', by: { id: '', username: '' }, source, deployedHash: null };
  };
  return (
    new Hono<Env>()
      .get(ADMIN_API.contentOutlines, ...ready, (c) => c.json((outlines ??= contentOutlines())))
      // Whether the latest content passes here: when it does not, the site keeps serving the last that did, and this says why.
      .get(ADMIN_API.contentStatus, ...ready, (c) =>
        c.json({
          checking: publisher.checking,
          problem: publisher.problem ? { ...publisher.problem, problems: problemsView(publisher.problem.problems) } : null,
        } satisfies ContentStatus),
      )
      .get(ADMIN_API.contentSources, ...ready, async (c) =>
        c.json(await sourcesReport(store, await publisher.latest(), clock.now(), config.linkCheckMs)),
      )
      .get(ADMIN_API.pages, ...ready, async (c) => c.json({ items: await pageList(publisher, store) }))
      .get(ADMIN_API.page, ...ready, async (c) => {
        const file = c.req.param('file');
        const found = await known(file);
        if (!found) return c.json({ message: NO_FILE }, 404);
        const { state } = found;
        const deployed = publisher.deployedSource(file);
        const live = state?.published ?? (deployed === null ? undefined : { source: deployed, revision: DEPLOYED });
        return c.json({
          file,
          published: live && live.source !== null ? { source: live.source, revision: live.revision } : null,
          draft: state?.draft ? { source: state.draft.source, revision: state.draft.revision, basedOn: state.draft.basedOn } : null,
          head: state?.head ?? DEPLOYED,
          // What the screen offers depends on what the file is; the server says, so the browser never guesses.
          page: isPage(file),
          translates: translatesFile(file),
          deployChanged: publisher.deployChanged.has(file) ? { deployed } : null,
          review: await fileReview(store, file, c.var.signedIn),
          companions: (await companionsOf(publisher.current, store, file)).map((companion) => ({
            file: companion.file,
            revision: companion.head,
            at: companion.draft.at,
            by: companion.draft.by.username,
          })),
        });
      })
      .get(ADMIN_API.pageEnglish, ...ready, async (c) => {
        const file = c.req.param('file');
        const found = await known(file);
        if (!found) return c.json({ message: NO_FILE }, 404);
        const translation = found.state?.draft?.source ?? found.state?.published?.source ?? publisher.deployedSource(file) ?? '';
        const english = await englishVersions(
          {
            folder: publisher.current,
            store,
            deployedSource: (name) => publisher.deployedSource(name),
            read: (texts) => publisher.read(texts),
          },
          file,
          translation,
        );
        if (!english) return c.json({ message: `${file} is not a translation of an English file.` }, 404);
        return c.json(english);
      })
      .put(ADMIN_API.pageDraft, ...change, ...validBody('pageDraft'), async (c) => {
        const file = c.req.param('file');
        const body = c.req.valid('json');
        if (!(await known(file))) return c.json({ message: NO_FILE }, 404);
        const saved = await store.pages.saveDrafts(
          planDrafts([{ path: file, text: body.source, basedOn: body.basedOn }]),
          actorOf(c.var.signedIn),
        );
        if ('conflict' in saved) return conflictAnswer(c, withDeployed(saved));
        const [draft] = saved.drafts;
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'page-save', detail: `${file} revision ${draft!.revision}` });
        const problems = await publisher.check(file, body.source);
        return c.json({ revision: draft!.revision, problems: Array.isArray(problems) ? problemsView(problems) : [] });
      })
      // Throwing a draft away never reads its text, so a draft of any size can be discarded.
      .delete(ADMIN_API.pageDraft, ...change, ...validBody('draftDiscard'), async (c) => {
        const file = c.req.param('file');
        if (!(await known(file))) return c.json({ message: NO_FILE }, 404);
        const discarded = await store.pages.discardDraft(file, c.req.valid('json').basedOn);
        if ('noDraft' in discarded) return c.json({ message: 'This file has no draft to discard: what you see is live.' }, 404);
        if ('conflict' in discarded) return conflictAnswer(c, withDeployed(discarded));
        const { head, forgotten } = discarded.discarded;
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'page-discard', detail: `${file} back to revision ${head}` });
        // What the editor shows now: the live text, the deploy's for a file never published here, nothing for a page that never was.
        const source = forgotten ? publisher.deployedSource(file) : ((await store.pages.pageState(file))?.published?.source ?? null);
        return c.json({ head, published: source === null ? null : { source, revision: head } });
      })
      .post(ADMIN_API.drafts, ...change, ...validBody('changeSet'), async (c) => {
        const body = c.req.valid('json');
        const paths = body.files.map((file) => file.path);
        if (new Set(paths).size !== paths.length) return c.json({ message: 'Name each file once.' }, 400);
        for (const path of paths) if (!(await known(path))) return c.json({ message: `${path}: ${NO_FILE}` }, 404);
        if (body.files.some((file) => file.text === null))
          return c.json({ message: 'A draft has text; remove a page with Remove this page.' }, 400);
        const saved = await store.pages.saveDrafts(planDrafts(body.files), actorOf(c.var.signedIn));
        if ('conflict' in saved) return conflictAnswer(c, withDeployed(saved), true);
        await store.audit.add({
          ...auditedBy(c.var.signedIn),
          action: 'page-save',
          detail: saved.drafts.map((draft, index) => `${paths[index]!} revision ${draft.revision}`).join(', '),
        });
        return c.json({ drafts: saved.drafts.map((draft, index) => ({ file: paths[index]!, revision: draft.revision })) });
      })
      .post(ADMIN_API.contentCheck, ...change, ...validBody('contentCheck'), async (c) => {
        const body = c.req.valid('json');
        const problems = await publisher.check(body.file, body.source, body.companions);
        if (!Array.isArray(problems)) return refusedCompanions(c, problems);
        // The link check's findings at their lines too: warnings, which never stop a publish.
        const links = linkProblems(body.file, body.source, (await store.linkChecks.linkChecks()).links);
        return c.json({ problems: [...problemsView(problems), ...links] });
      })
      .post(ADMIN_API.contentPreview, ...change, ...validBody('contentCheck'), async (c) => {
        const body = c.req.valid('json');
        const preview = await publisher.preview(body.file, body.source, body.companions);
        if ('refused' in preview || 'companionChanged' in preview) return refusedCompanions(c, preview);
        // Not a failed request: the editor shows the last good preview and the problems.
        if ('problems' in preview) return c.json({ problems: problemsView(preview.problems) });
        return c.json(preview);
      })
      .post(ADMIN_API.pagePublish, ...change, ...validBody('pagePublish'), async (c) => {
        const file = c.req.param('file');
        const body = c.req.valid('json');
        if (!(await known(file))) return c.json({ message: NO_FILE }, 404);
        const { basedOn, note, companions } = body;
        const outcome = await publisher.publishDraft(file, basedOn, note, authorOf(c.var.signedIn), companions);
        return published(c, outcome, 'page-publish');
      })
      .get(ADMIN_API.pageRevisions, ...ready, async (c) => {
        const file = c.req.param('file');
        if (!(await known(file))) return c.json({ message: NO_FILE }, 404);
        const revisions = await store.pages.pageRevisions(file);
        // The deploy's version, which the server never writes over, is revision 0, the oldest.
        const deployed =
          publisher.deployedSource(file) === null ? [] : [{ revision: DEPLOYED, at: null, by: null, note: 'As deployed', removed: false }];
        return c.json({
          items: [
            ...revisions.map(({ revision, at, by, note, source }) => ({
              revision,
              at,
              by: by.username,
              note: note ?? null,
              removed: source === null,
            })),
            ...deployed,
          ],
        });
      })
      .get(ADMIN_API.pageRevision, ...ready, async (c) => {
        const revision = await revisionOf(c.req.param('file'), c.req.param('revision'));
        if (!revision) return c.json({ message: 'This file has no such revision.' }, 404);
        return c.json({ source: revision.source });
      })
      .post(ADMIN_API.pageRollback, ...change, ...validBody('pageRollback'), async (c) => {
        const file = c.req.param('file');
        const body = c.req.valid('json');
        const revision = await revisionOf(file, body.revision);
        if (!revision) return c.json({ message: 'This file has no such revision.' }, 404);
        return published(c, await publisher.rollback(file, revision, authorOf(c.var.signedIn)), 'page-rollback');
      })
      .post(ADMIN_API.pages, ...change, ...validBody('newPage'), async (c) => {
        const body = c.req.valid('json');
        const { file, template } = body;
        const saved = await publisher.startPage(file, template, actorOf(c.var.signedIn));
        if (!('draft' in saved)) return c.json({ message: saved.message, errors: { [saved.field]: saved.message } }, saved.status);
        await store.audit.add({ ...auditedBy(c.var.signedIn), action: 'page-add', detail: `${file} from ${template}` });
        return c.json({ file, draft: { source: saved.draft.source, revision: saved.draft.revision, basedOn: saved.draft.basedOn } }, 201);
      })
      .delete(ADMIN_API.page, limitPageBody, ...ready, sameOriginJson(config.siteUrl), async (c) => {
        const file = c.req.param('file');
        if (!EDITABLE.test(file) || !publisher.current.has(file)) return c.json({ message: NO_FILE }, 404);
        return published(c, await publisher.remove(file, authorOf(c.var.signedIn)), 'page-remove');
      })
  );
}
