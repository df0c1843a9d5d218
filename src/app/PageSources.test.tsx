import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Source } from '../content/page.generated';
import { renderBlock } from '../../tests/helpers/renderBlock';
import { PageSources } from './PageSources';

const sources: Source[] = [
  {
    title: 'Notification S.O. 4926(E)',
    publisher: 'Ministry of MSME, Government of India',
    published: '2022-10-18',
    url: 'https://udyamregistration.gov.in',
    checked: '2026-11-26',
  },
  {
    title: 'Classification of sectors into Red, Orange, Green, White and Blue categories',
    publisher: 'Central Pollution Control Board',
    reportedBy: 'Khaitan & Co, 24 February 2025',
    url: 'https://cpcb.nic.in',
    checked: '2026-11-26',
  },
];

const items = (heading = 'Sources') =>
  within(screen.getByRole('region', { name: heading }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('PageSources', () => {
  test('a Sources section: each source linked by its title, who issued it and when, and the day it was checked', () => {
    renderBlock(<PageSources sources={sources} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
    expect(items()).toEqual([
      'Notification S.O. 4926(E), Ministry of MSME, Government of India, 18 October 2022. Checked on 26 November 2026.',
      'Classification of sectors into Red, Orange, Green, White and Blue categories, Central Pollution Control Board. As reported by Khaitan & Co, 24 February 2025. Checked on 26 November 2026.',
    ]);
    expect(screen.getByRole('link', { name: sources[0]!.title }).getAttribute('href')).toBe(sources[0]!.url);
    expect(screen.getAllByRole('time').map((time) => time.getAttribute('datetime'))).toEqual(['2022-10-18', '2026-11-26', '2026-11-26']);
  });

  test('in Hindi, with the Hindi words and full stop', () => {
    renderBlock(<PageSources sources={[sources[0]!]} />, { route: '/hi/udhamadhar' });
    expect(screen.getByRole('heading', { level: 2, name: 'स्रोत' })).toBeVisible();
    expect(items('स्रोत')[0]).toMatch(
      /^Notification S\.O\. 4926\(E\), Ministry of MSME, Government of India, 18 .+ 2022। 26 .+ 2026 को जाँचा गया।$/,
    );
  });
});
