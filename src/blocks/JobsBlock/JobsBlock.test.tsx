import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { JobsBlock } from './JobsBlock';

const jobs: BlockOf<'jobs'> = {
  type: 'jobs',
  heading: 'Open positions',
  intro: 'We are growing and looking for people who like helping business owners.',
  items: [
    {
      title: 'Loan Executive',
      summary: 'Meet clients, collect documents and follow files through the bank.',
      requirements: ['Graduate in any stream', 'Two-wheeler and licence'],
      location: 'Chh. Sambhajinagar',
    },
    {
      title: 'Accounts Assistant',
      summary: 'Prepare financial statements for project reports.',
      requirements: ['B.Com or M.Com', 'Tally and Excel', 'One year of experience'],
    },
  ],
};

function card(title: string) {
  return screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
}

describe('JobsBlock', () => {
  test('shows the heading, the intro and one card per job with its title as an h3', () => {
    renderBlock(<JobsBlock block={jobs} />, { route: '/career' });
    expect(screen.getByRole('heading', { level: 2, name: jobs.heading })).toBeVisible();
    expect(screen.getByText(jobs.intro!)).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(jobs.items.map((job) => job.title));
  });

  test('each job shows its summary, its location when given, and its requirements as a list', () => {
    renderBlock(<JobsBlock block={jobs} />, { route: '/career' });
    for (const job of jobs.items) {
      const jobCard = card(job.title);
      expect(within(jobCard).getByText(job.summary)).toBeVisible();
      const requirements = within(jobCard).getByRole('list');
      expect(
        within(requirements)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(job.requirements);
    }
    expect(within(card('Loan Executive')).getByText(jobs.items[0]!.location!)).toBeVisible();
    expect(within(card('Accounts Assistant')).queryByText(jobs.items[0]!.location!)).toBeNull();
  });

  test('each job has its own Apply Now link, named with the job title, to the contact page with the current route', () => {
    renderBlock(<JobsBlock block={jobs} />, { route: '/career' });
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(jobs.items.length);
    for (const job of jobs.items) {
      const link = within(card(job.title)).getByRole('link');
      expect(link.textContent).toMatch(/^Apply Now/);
      expect(link.textContent).toContain(job.title);
      expect(screen.getByRole('link', { name: new RegExp(`Apply Now.*${job.title}`) })).toBe(link);
      expect(link.getAttribute('href')).toBe('/contactus?from=%2Fcareer');
    }
  });

  test('following a job link opens the contact page, telling it the visitor came from the career page', async () => {
    const user = userEvent.setup();
    function Contact() {
      return <p>Contact page, from {new URLSearchParams(useLocation().search).get('from')}</p>;
    }
    renderBlock(
      <Routes>
        <Route path="/career" element={<JobsBlock block={jobs} />} />
        <Route path="/contactus" element={<Contact />} />
      </Routes>,
      { route: '/career' },
    );
    await user.click(screen.getByRole('link', { name: /Accounts Assistant/ }));
    expect(screen.getByText('Contact page, from /career')).toBeVisible();
  });
});
