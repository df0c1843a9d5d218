import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { DEPLOYED } from '../store/PageStore';
import { pageText, smallRenderer, useSmallPublisher } from '../../tests/helpers/smallContent';
import { CheckTookTooLong, LocalChecks, type Changes, type CheckRequest } from './contentChecks';
import type { Problem } from '../../src/content/checkContent';
import type { ChangeSet } from '../../src/shared/changeSet';
import type { Submission } from '../store/SubmissionStore';
import { errorsOf, type PublishOutcome } from './liveContent';
import type { ContentPublisher } from './contentPublisher';

const publisher = useSmallPublisher();
const owner = { actor: { id: 'id-asha', username: 'asha' }, owner: true };
const editor = { actor: { id: 'id-ravi', username: 'ravi' }, owner: false };

/** The submission an outcome kept for an owner, with its change. */
function heldChange(outcome: PublishOutcome): Submission & { change: ChangeSet } {
  if (!('submitted' in outcome) || !outcome.submitted.change) throw new Error('The change was not held for an owner');
  return { ...outcome.submitted, change: outcome.submitted.change };
}

/** The title a visitor is shown at `path` now. */
const titleAt = (site: { content: { pageAt(path: string): { page: { data: { title: string } } } } }, path: string) =>
  site.content.pageAt(path).page.data.title;

describe('publishing a draft', () => {
  test('commits the draft and serves it at once; the draft is gone', async () => {
    const { publisher: live, store, draft } = await publisher();
    const revision = await draft('about.yaml', pageText('About the Firm', { link: '/contactus' }));
    const outcome = await live.publishDraft('about.yaml', revision, 'A clearer title', owner);
    expect(outcome).toMatchObject({ files: ['about.yaml'] });
    expect(titleAt(live.site, '/about')).toBe('About the Firm');
    expect(live.liveSource('about.yaml')).toContain('About the Firm');
    const state = await store.pages.pageState('about.yaml');
    expect(state?.draft).toBeUndefined();
    expect(state?.published).toMatchObject({ note: 'A clearer title', by: owner.actor });
    expect(await store.pages.latestCommit()).toBe('published' in outcome ? outcome.published.id : 'none');
  });

  test('that the check refuses stores nothing and serves nothing new; the draft stays', async () => {
    const { publisher: live, store, draft } = await publisher();
    const before = await store.pages.latestCommit();
    const revision = await draft('about.yaml', pageText('About the Firm', { link: '/gone' }));
    const outcome = await live.publishDraft('about.yaml', revision, undefined, owner);
    expect(outcome).toEqual({
      problems: [expect.objectContaining({ file: 'about.yaml', severity: 'error', message: expect.stringContaining('/gone') as string })],
    });
    expect(await store.pages.latestCommit()).toBe(before);
    expect((await store.pages.pageState('about.yaml'))?.published).toBeUndefined();
    expect((await store.pages.pageState('about.yaml'))?.draft?.revision).toBe(revision);
    expect(titleAt(live.site, '/about')).toBe('About Us');
  });

  test('based on a revision that is no longer the newest is refused with what is there now, and nothing is written', async () => {
    const { publisher: live, store, draft } = await publisher();
    const first = await draft('about.yaml', pageText('About the Firm', { link: '/contactus' }));
    const second = await draft('about.yaml', pageText('About Our Firm', { link: '/contactus' }));
    const before = await store.pages.latestCommit();
    expect(await live.publishDraft('about.yaml', first, undefined, owner)).toEqual({
      conflict: { file: 'about.yaml', revision: second, source: expect.stringContaining('About Our Firm') as string, draft: true },
    });
    expect(await store.pages.latestCommit()).toBe(before);
    expect(titleAt(live.site, '/about')).toBe('About Us');
  });

  test('a change set committed over a file that moved on since it was planned is refused whole', async () => {
    const { publisher: live, store, draft, publish } = await publisher();
    // An editor's change, held for an owner, planned against the site file's draft.
    const revision = await draft('_site.yaml', live.liveSource('_site.yaml')!.replace(/^phone: .*$/m, 'phone: +91 90000 11111'));
    const held = await live.publishDraft('_site.yaml', revision, undefined, editor);
    const submitted = heldChange(held);
    // Meanwhile the site file is published by someone else.
    await publish('_site.yaml', live.liveSource('_site.yaml')!.replace(/^tagline: .*$/m, 'tagline: Moved on.'));
    const before = await store.pages.latestCommit();
    const outcome = await live.publishSubmission(submitted, owner);
    expect(outcome).toMatchObject({ conflict: { file: '_site.yaml' } });
    expect(await store.pages.latestCommit()).toBe(before);
  });

  test('an editor’s change to the firm’s details waits for an owner, who publishes it as it was submitted', async () => {
    const { publisher: live, store, draft } = await publisher();
    const phone = '+91 90000 11111';
    const revision = await draft('_site.yaml', live.liveSource('_site.yaml')!.replace(/^phone: .*$/m, `phone: ${phone}`));
    const before = await store.pages.latestCommit();
    const held = await live.publishDraft('_site.yaml', revision, 'New number', editor);
    expect(held).toMatchObject({ owners: [{ file: '_site.yaml', keys: ['phone'] }] });

    expect(await store.pages.latestCommit()).toBe(before);
    expect(live.site.content.site.phone).not.toBe(phone);
    const published = await live.publishSubmission(heldChange(held), owner);
    expect(published).toMatchObject({ files: ['_site.yaml'] });
    expect(live.site.content.site.phone).toBe(phone);
    expect((await store.submissions.waitingSubmissions()).length).toBe(0);
  });
});

describe('one plan for the check and the publish', () => {
  test('a new page is checked clean and published, listed as untranslated in the same commit, and served in every language', async () => {
    const { publisher: live, draft } = await publisher();
    const started = await live.startPage('loans.yaml', 'about.yaml', owner.actor);
    if (!('draft' in started)) throw new Error(`refused: ${started.message}`);
    const text = started.draft.source.replace(/^title: .*$/m, 'title: Business Loans');
    expect(errorsOf((await live.check('loans.yaml', text)) as Problem[])).toEqual([]);
    const revision = await draft('loans.yaml', text);
    const outcome = await live.publishDraft('loans.yaml', revision, undefined, owner);
    expect(outcome).toMatchObject({ files: expect.arrayContaining(['loans.yaml', '_site.yaml']) as string[] });
    const site = parse(live.liveSource('_site.yaml')!) as { untranslated: Record<string, string[]> };
    expect(site.untranslated).toEqual({ mr: ['/loans'], hi: ['/loans'] });
    expect(titleAt(live.site, '/loans')).toBe('Business Loans');
    expect(live.site.content.pageAt('/mr/loans')).toMatchObject({ untranslated: true, found: true });
  });

  test('the check shows the problem publishing would meet, on the lines of the text as the editor has it', async () => {
    const { publisher: live } = await publisher();
    const text = pageText('About Us', { link: '/gone' });
    const problems = await live.check('about.yaml', text);
    const line = text.split('\n').findIndex((candidate) => candidate.includes('/gone')) + 1;
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'about.yaml', line, severity: 'error', message: expect.stringContaining('/gone') as string }),
    );
  });

  test('a site file that is no site file, checked with its translation’s draft, is problems on it, not a failure', async () => {
    const { publisher: live, draft } = await publisher();
    await draft('mr/_site.yaml', live.liveSource('mr/_site.yaml')!.replace(/^tagline: .*$/m, 'tagline: नवीन शब्द.'));
    // The English site file without its privacy contact, whose role the Marathi one translates.
    const english = live.liveSource('_site.yaml')!.replace(/^privacyContact:\n(?: {2}.*\n)+/m, '');
    const problems = await live.check('_site.yaml', english, ['mr/_site.yaml']);
    expect(problems).toContainEqual(
      expect.objectContaining({ file: '_site.yaml', severity: 'error', message: expect.stringContaining('privacyContact') as string }),
    );
  });

  test('a check past the time limit is a problem on the file, not a failure', async () => {
    class Slow extends LocalChecks {
      override check(changes: Changes, request: CheckRequest = {}) {
        return request.limited ? Promise.reject(new CheckTookTooLong()) : super.check(changes, request);
      }
    }
    const { publisher: slow } = await publisher({ checks: (deployed) => new Slow(deployed) });
    expect(await slow.check('about.yaml', pageText('About Us'))).toEqual([
      expect.objectContaining({ file: 'about.yaml', line: 1, message: new CheckTookTooLong().message }),
    ]);
  });
});

describe('drawn pages', () => {
  const documentAt = async (live: ContentPublisher, path: string) =>
    gunzipSync(Buffer.concat((await live.site.pages!.document(path)).document.gzip.chunks)).toString();

  test('a published page is drawn before it is next served, so its editor sees it at once', async () => {
    const { publisher: live, draft } = await publisher({ render: smallRenderer().options });
    expect(await documentAt(live, '/about')).toContain('<h1>About Us</h1>');
    await live.publishDraft('about.yaml', await draft('about.yaml', pageText('About the Firm', { link: '/contactus' })), undefined, owner);
    expect(await documentAt(live, '/about')).toContain('<h1>About the Firm</h1>');
  });

  test('a preview draws the change without serving it; a site file shows its language’s home page; a failing one is its problems', async () => {
    const { publisher: live } = await publisher({ render: smallRenderer().options });
    const preview = await live.preview('about.yaml', pageText('About the Firm', { link: '/contactus' }));
    expect(preview).toEqual({ html: expect.stringContaining('<h1>About the Firm</h1>') as string });
    expect(await documentAt(live, '/about')).toContain('<h1>About Us</h1>');
    const marathi = await live.preview('mr/_site.yaml', live.liveSource('mr/_site.yaml')!.replace(/^tagline: .*$/m, 'tagline: नवीन शब्द.'));
    expect(marathi).toEqual({ html: expect.stringMatching(/नवीन शब्द\.[\s\S]*<h1>Home \(पान\)<\/h1>/) as string });
    expect(await live.preview('about.yaml', pageText('About Us', { link: '/gone' }))).toEqual({
      problems: [expect.objectContaining({ file: 'about.yaml', severity: 'error' })],
    });
  });
});

describe('removing and rolling back', () => {
  test('a page that others link to is not removed, and nothing is written', async () => {
    const { publisher: live, store } = await publisher();
    const before = await store.pages.latestCommit();
    expect(await live.remove('contactus.yaml', owner)).toMatchObject({
      problems: expect.arrayContaining([
        expect.objectContaining({ file: 'about.yaml', message: expect.stringContaining('/contactus') as string }),
      ]) as Problem[],
    });
    expect(await store.pages.latestCommit()).toBe(before);
    expect(live.site.content.routes.has('/contactus')).toBe(true);
  });

  test('a rollback publishes the earlier text again as a new revision, and it is served', async () => {
    const { publisher: live, store, draft } = await publisher();
    const revision = await draft('about.yaml', pageText('About the Firm', { link: '/contactus' }));
    await live.publishDraft('about.yaml', revision, undefined, owner);
    const outcome = await live.rollback('about.yaml', { revision: DEPLOYED, source: live.deployedSource('about.yaml') }, owner);
    expect(outcome).toMatchObject({ files: ['about.yaml'] });
    expect(titleAt(live.site, '/about')).toBe('About Us');
    expect((await store.pages.pageRevisions('about.yaml')).length).toBe(2);
  });
});
