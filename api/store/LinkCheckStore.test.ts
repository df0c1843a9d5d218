import { expect, test } from 'vitest';
import type { LinkState } from './LinkCheckStore';
import { eachStore } from '../../tests/helpers/eachStore';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const link = (url: string, extra: Partial<LinkState> = {}): LinkState => ({
  url,
  files: ['clcss.yaml', 'mr/clcss.yaml'],
  checkedAt: '2026-11-24T05:30:00.000Z',
  outcome: 'ok',
  status: 200,
  detail: null,
  failingSince: null,
  ...extra,
});

/** The link check's results and its one run at a time, on both stores. */
eachStore('the link check', (fresh) => {
  test('one claim at a time: a run is due once the last began an interval ago, and a lease left by a crash runs out', async () => {
    const { store, clock, restart } = await fresh();
    expect(await store.linkChecks.linkChecks()).toEqual({ run: null, links: [] });
    expect(await store.linkChecks.claimLinkCheck(DAY, HOUR)).toBe(true);
    // Another instance (or the next look) while the run is under way.
    expect(await store.linkChecks.claimLinkCheck(DAY, HOUR)).toBe(false);
    const startedAt = new Date(clock.now()).toISOString();
    await clock.advance(10 * 60_000);
    const run = { startedAt, finishedAt: new Date(clock.now()).toISOString(), checked: 2 };
    const links = [
      link('https://msme.gov.in/'),
      link('https://www.cgtmse.in/gone', {
        files: ['cgtmse.yaml'],
        outcome: 'failed',
        status: 404,
        detail: '404',
        failingSince: startedAt,
      }),
    ];
    await store.linkChecks.recordLinkCheck(run, links);
    expect(await store.linkChecks.linkChecks()).toEqual({ run, links });

    // Not due until a day after the run began; then due, and a crashed claim holds it only for its lease.
    await clock.advance(DAY - 10 * 60_000 - 1);
    expect(await store.linkChecks.claimLinkCheck(DAY, HOUR)).toBe(false);
    await clock.advance(1);
    expect(await store.linkChecks.claimLinkCheck(DAY, HOUR)).toBe(true);
    await clock.advance(HOUR - 1);
    expect(await store.linkChecks.claimLinkCheck(DAY, HOUR)).toBe(false);
    await clock.advance(1);
    expect(await store.linkChecks.claimLinkCheck(DAY, HOUR)).toBe(true);
    // A failed run gives its claim back; a run asked for now (the command line) is due at once.
    await store.linkChecks.releaseLinkCheck();
    expect(await store.linkChecks.claimLinkCheck(0, HOUR)).toBe(true);

    // A run replaces every address: one no page names any more is forgotten, and it all survives a restart.
    const later = { startedAt: new Date(clock.now()).toISOString(), finishedAt: new Date(clock.now()).toISOString(), checked: 1 };
    const now = [link('https://www.cgtmse.in/gone', { files: [], outcome: 'warning', status: 0, detail: 'certificate' })];
    await store.linkChecks.recordLinkCheck(later, now);
    expect(await (await restart()).linkChecks.linkChecks()).toEqual({ run: later, links: now });
  });

  test('the review e-mail: one claimant a week, retried when its time comes, and a new week starts afresh', async () => {
    const { store, clock, restart } = await fresh();
    expect(await store.linkChecks.claimReviewMail('2026-11-23', 60_000)).toBe(0);
    expect(await store.linkChecks.claimReviewMail('2026-11-23', 60_000)).toBeUndefined();
    await store.linkChecks.recordReviewMail('2026-11-23', {
      status: 'pending',
      attempts: 1,
      nextAttemptAt: clock.now() + HOUR,
      lastError: 'connection refused',
    });
    await clock.advance(HOUR - 1);
    expect(await store.linkChecks.claimReviewMail('2026-11-23', 60_000)).toBeUndefined();
    await clock.advance(1);
    const reopened = await restart();
    expect(await reopened.linkChecks.claimReviewMail('2026-11-23', 60_000)).toBe(1);
    await reopened.linkChecks.recordReviewMail('2026-11-23', { status: 'delivered', attempts: 2, nextAttemptAt: clock.now() });
    expect(await reopened.linkChecks.claimReviewMail('2026-11-23', 60_000)).toBeUndefined();
    // An older week's record never overwrites the newer one, and next week's e-mail is claimed afresh.
    expect(await reopened.linkChecks.claimReviewMail('2026-11-30', 60_000)).toBe(0);
    await reopened.linkChecks.recordReviewMail('2026-11-23', { status: 'failed', attempts: 9, nextAttemptAt: clock.now() });
    expect(await reopened.linkChecks.claimReviewMail('2026-11-23', 60_000)).toBeUndefined();
  });
});
