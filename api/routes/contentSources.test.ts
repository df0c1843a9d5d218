import { expect, test } from 'vitest';
import { manualClock } from '../manualClock';
import { CLCSS, SLOW } from '../../tests/helpers/pageApi';
import { useApiApp } from '../../tests/helpers/apiApp';
import type { SourcesReport } from '../../src/shared/linkCheck';

// Thirteen months after the sources of the real pages were last checked (26 November 2026 and later).
const clock = manualClock(Date.parse('2028-01-05T05:30:00.000Z'));
const apiApp = useApiApp({}, clock);

test(
  'the owners and editors see the links the last run found broken at their lines, and the pages whose sources are 13 months old',
  SLOW,
  async () => {
    const app = await apiApp();
    await app.account('lekha', 'editor');
    const cookie = await app.logIn('lekha');
    // Before the first run (this app's SITE_URL is a live site's, so the check is on, every 24 hours): nothing broken.
    let report = (await app.call('GET', '/admin/api/content/sources', { cookie })).json as unknown as SourcesReport;
    expect(report).toMatchObject({ lastRun: null, everyHours: 24, broken: [], warnings: [] });

    // A run finds the Ministry's portal, a source of /clcss, failing since two days before.
    const checkedAt = new Date(clock.now()).toISOString();
    const failingSince = new Date(clock.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await app.store.linkChecks.recordLinkCheck({ startedAt: checkedAt, finishedAt: checkedAt, checked: 1 }, [
      {
        url: 'https://msme.gov.in/',
        files: ['clcss.yaml'],
        checkedAt,
        outcome: 'failed',
        status: 404,
        detail: 'answered 404',
        failingSince,
      },
    ]);
    report = (await app.call('GET', '/admin/api/content/sources', { cookie })).json as unknown as SourcesReport;
    const line = CLCSS.split('\n').indexOf('    url: https://msme.gov.in') + 1;
    expect(report.lastRun).toEqual({ startedAt: checkedAt, finishedAt: checkedAt, checked: 1 });
    expect(report.broken).toEqual([
      {
        url: 'https://msme.gov.in/',
        status: 404,
        detail: 'answered 404',
        since: failingSince,
        places: [{ file: 'clcss.yaml', line, col: 10, path: expect.stringMatching(/^sources\[\d+\]\.url$/) as string }],
      },
    ]);
    // The page editor's check shows it at its line, as a warning beside the content check's.
    const checked = await app.call('POST', '/admin/api/content/check', { cookie, body: { file: 'clcss.yaml', source: CLCSS } });
    expect((checked.json as { problems: { line: number; col: number; severity: string; message: string }[] }).problems).toContainEqual({
      file: 'clcss.yaml',
      line,
      col: 10,
      path: expect.stringMatching(/^sources\[\d+\]\.url$/) as string,
      severity: 'warning',
      message:
        'links to https://msme.gov.in/, which has not answered since 3 January 2028 (answered 404 at every check since); find where the page has moved and link there, or take the link out',
    });

    // Every English page with sources is now due, /clcss among them, by the date of its oldest source.
    const oldest = [...CLCSS.matchAll(/^ {4}checked: (\d{4}-\d\d-\d\d)$/gm)].map((match) => match[1]!).sort()[0];
    expect(report.reviewDue).toContainEqual({
      file: 'clcss.yaml',
      route: '/clcss',
      title: 'Credit Linked Capital Subsidy Scheme (CLCSS)',
      oldestChecked: oldest,
    });
    expect(report.reviewDue.every((page) => !page.file.includes('/'))).toBe(true);

    // Staff, who do not work on the pages, are refused.
    await app.account('staff', 'staff');
    expect((await app.call('GET', '/admin/api/content/sources', { cookie: await app.logIn('staff') })).status).toBe(403);
  },
);
