import { Hono, type Context } from 'hono';
import { forOwner, ownersPartOf, type ForOwner } from '../../src/content/reviewRule';
import { ADMIN_API } from '../../src/shared/adminPaths';
import { DEPLOYED } from '../../src/shared/changeSet';
import type { FileReview, SubmissionSummary, SubmissionView } from '../../src/shared/pageEditor';
import type { ServerContext } from '../context';
import { validBody } from '../middleware/validBody';
import { limitBody, parseJsonBody, type JsonBodyEnv } from '../middleware/jsonBody';
import { actorOf, auditedBy, ownerOnly, pagesReady, type SessionEnv, type SignedIn } from '../middleware/requireSession';
import { sameOriginJson } from '../middleware/sameOriginJson';
import type { Author, PublishOutcome } from '../site/liveContent';
import type { Store } from '../store/Store';
import type { Submission } from '../store/SubmissionStore';

type Env = JsonBodyEnv & SessionEnv;

/** Who asks for a change, as the publisher weighs it: an owner's changes never wait for review. */
export const authorOf = (signedIn: SignedIn): Author => ({ actor: actorOf(signedIn), owner: signedIn.role === 'owner' });

/** The answer to an editor's publish that waits for an owner: 202, nothing served yet. */
export function submittedAnswer(c: Context, { submitted, owners }: Extract<PublishOutcome, { submitted: Submission }>) {
  return c.json(
    {
      message: `Sent to an owner for review, because it changes what speaks for the firm: ${partsOf(owners)}. Visitors see the change once an owner publishes it.`,
      submission: submitted.id,
      files: submitted.files,
      owners,
    },
    202,
  );
}

/** What of a change needs an owner, in words: "phone, whatsapp in _site.yaml". */
const partsOf = (owners: readonly ForOwner[]) => owners.map(({ file, keys }) => `${keys.join(', ')} in ${file}`).join('; ');

/** What the editor's screen shows of a file's review; a sent-back note stays until the file is published again. */
export async function fileReview(store: Store, file: string, signedIn: SignedIn): Promise<FileReview> {
  const latest = await store.submissions.latestSubmission(file);
  const published = (await store.pages.pageState(file))?.published?.at;
  const current =
    latest?.status === 'waiting' || (latest?.status === 'returned' && (!published || published < latest.decided!.at)) ? latest : undefined;
  return {
    owners: signedIn.role === 'owner' ? null : (ownersPartOf(file) ?? null),
    submission: current
      ? {
          id: current.id,
          status: current.status as 'waiting' | 'returned',
          at: current.at,
          by: current.by.username,
          returned: current.decided ? { at: current.decided.at, by: current.decided.by.username, note: current.decided.note ?? '' } : null,
        }
      : null,
  };
}

const DECIDED = 'An owner has already decided on this change; reload the list.';
const NO_SUBMISSION = 'There is no such change waiting for review.';

/**
 * Owners' review of editors' changes to what speaks for the firm: the changes waiting, one of
 * them beside what is live, and publishing it (as it was submitted, through the same check and
 * commit as any publish) or sending it back with a note. Both decisions are audited by file,
 * never by text.
 */
export function reviewRoutes({ store, config, clock, publisher }: ServerContext) {
  const owners = [...pagesReady(store, config, clock), ownerOnly('publish or send back an editor’s change')] as const;
  const decision = [limitBody, ...owners, sameOriginJson(config.siteUrl)] as const;

  const summaryOf = (submission: Submission): SubmissionSummary => ({
    id: submission.id,
    file: submission.file,
    files: submission.files,
    note: submission.note ?? null,
    at: submission.at,
    by: submission.by.username,
  });
  return new Hono<Env>()
    .get(ADMIN_API.submissions, ...owners, async (c) => c.json({ items: (await store.submissions.waitingSubmissions()).map(summaryOf) }))
    .get(ADMIN_API.submission, ...owners, async (c) => {
      const submission = await store.submissions.submission(c.req.param('id'));
      if (!submission) return c.json({ message: NO_SUBMISSION }, 404);
      const changes = submission.change
        ? await Promise.all(
            submission.change.files.map(async ({ path, text, basedOn }) => ({
              file: path,
              live: publisher.liveSource(path) ?? null,
              submitted: text,
              moved: ((await store.pages.pageState(path))?.head ?? DEPLOYED) !== basedOn,
            })),
          )
        : null;
      const view: SubmissionView = {
        ...summaryOf(submission),
        // What the rule finds against what is live now (the list leaves this out: it reads no YAML).
        owners: submission.change ? forOwner(submission.change, (path) => publisher.liveSource(path)) : [],
        status: submission.status,
        changes,
        decided: submission.decided
          ? { at: submission.decided.at, by: submission.decided.by.username, note: submission.decided.note ?? null }
          : null,
      };
      return c.json(view);
    })
    .post(ADMIN_API.submissionPublish, ...decision, parseJsonBody, async (c) => {
      const submission = await store.submissions.submission(c.req.param('id'));
      if (!submission) return c.json({ message: NO_SUBMISSION }, 404);
      if (submission.status !== 'waiting' || !submission.change) return c.json({ message: DECIDED }, 409);
      const outcome = await publisher.publishSubmission({ ...submission, change: submission.change }, authorOf(c.var.signedIn));
      if ('conflict' in outcome)
        return c.json(
          {
            message: `${outcome.conflict.file} has changed since this was submitted, so it cannot be published as it is. Send it back, so the editor brings it up to date and publishes it again.`,
            moved: outcome.conflict.file,
          },
          409,
        );
      if ('problems' in outcome)
        return c.json(
          { message: 'The check now finds problems in this change; send it back to be fixed.', problems: outcome.problems },
          400,
        );
      if (!('published' in outcome)) return c.json({ message: 'refused' in outcome ? outcome.refused : DECIDED }, 409);
      const revision = outcome.published.revisions[0]!.revision;
      await store.audit.add({
        ...auditedBy(c.var.signedIn),
        action: 'page-review-publish',
        detail: `submission ${submission.id} by ${submission.by.username}: ${outcome.files.join(', ')} commit ${outcome.published.id} revision ${revision}`,
      });
      return c.json({ revision, commit: outcome.published.id, files: outcome.files });
    })
    .post(ADMIN_API.submissionReturn, ...decision, ...validBody('reviewReturn'), async (c) => {
      const body = c.req.valid('json');
      const id = c.req.param('id');
      if (!(await store.submissions.submission(id))) return c.json({ message: NO_SUBMISSION }, 404);
      const returned = await store.submissions.decideSubmission(id, {
        status: 'returned',
        by: actorOf(c.var.signedIn),
        note: body.note.trim(),
      });
      if (!returned) return c.json({ message: DECIDED }, 409);
      await store.audit.add({
        ...auditedBy(c.var.signedIn),
        action: 'page-review-return',
        detail: `submission ${id} by ${returned.by.username}: ${returned.files.join(', ')}`,
      });
      return c.json({ status: returned.status });
    });
}
