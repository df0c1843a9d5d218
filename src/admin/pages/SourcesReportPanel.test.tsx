import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { memoryApiPerTest } from '../../../tests/helpers/memoryApi';
import { renderAdmin } from '../../../tests/helpers/renderAdmin';
import { SourcesReportPanel } from './SourcesReportPanel';

// What the office sees of the link check, against the real routes in memory over the fixture site.
const memoryApi = memoryApiPerTest();

test('an owner sees each broken link and each unverified certificate at the files and lines that name it, and the pages due for review', async () => {
  const api = await memoryApi();
  await api.signIn('asha', 'owner');
  const now = Date.now();
  const at = new Date(now).toISOString();
  await api.store.linkChecks.recordLinkCheck({ startedAt: at, finishedAt: at, checked: 2 }, [
    {
      url: 'https://www.mudra.org.in/',
      files: ['mudra.yaml'],
      checkedAt: at,
      outcome: 'failed',
      status: 404,
      detail: 'answered 404',
      failingSince: new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString(),
    },
    {
      url: 'https://www.iba.org.in/customercare/model-code.html',
      files: ['_desk.yaml'],
      checkedAt: at,
      outcome: 'warning',
      status: 0,
      detail: 'certificate not verified: UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      failingSince: null,
    },
  ]);
  renderAdmin(<SourcesReportPanel review level={3} />);

  const panel = await screen.findByRole('region', { name: 'Sources and links' });
  await within(panel).findByRole('heading', { name: 'Broken links (1)' });
  expect(within(panel).getByText(/^Links last checked .*: 2 addresses, every 24 hours\.$/)).toBeVisible();
  const broken = within(panel)
    .getByText(/^https:\/\/www\.mudra\.org\.in\/: no answer since .* \(answered 404\)$/)
    .closest('li')!;
  // Both places the source is named on the page, each a link that opens the file in the editor.
  const places = within(broken)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(places).toEqual(['mudra.yaml, line 9 (sources[0].url)', 'mudra.yaml, line 60 (blocks[1].source.url)']);
  expect(within(broken).getAllByRole('link', { name: 'mudra.yaml' })[0]).toHaveAttribute('href', '/admin/pages/mudra.yaml');

  expect(within(panel).getByRole('heading', { name: 'Certificates not verified (1)' })).toBeVisible();
  const warned = within(panel)
    .getByText(/^https:\/\/www\.iba\.org\.in\/customercare\/model-code\.html \(certificate not verified/)
    .closest('li')!;
  expect(within(warned).getByRole('listitem').textContent).toMatch(/^_desk\.yaml, line 66 /);

  // The fixture's sources were checked in November 2026: none is due for review.
  expect(within(panel).getByRole('heading', { name: 'Pages due for review (0)' })).toBeVisible();
  expect(within(panel).getByText('Every page’s sources were checked within the last 12 months.')).toBeVisible();
});
