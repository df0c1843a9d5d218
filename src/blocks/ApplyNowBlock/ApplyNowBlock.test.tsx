import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { siteDataFor } from '../../../tests/helpers/siteData';
import { ApplyNowBlock } from './ApplyNowBlock';

const applyNow: BlockOf<'apply-now'> = {
  type: 'apply-now',
  heading: 'Need a home loan?',
  text: 'Tell us about the house and we will call you back.',
};

describe('ApplyNowBlock', () => {
  test('shows the heading and the text', () => {
    renderBlock(<ApplyNowBlock block={applyNow} />, { route: '/homeloan' });
    expect(screen.getByRole('heading', { level: 2, name: applyNow.heading })).toBeVisible();
    expect(screen.getByText(applyNow.text!)).toBeVisible();
  });

  test('"Apply Now" leads to the contact page, telling it which page the visitor came from', () => {
    renderBlock(<ApplyNowBlock block={applyNow} />, { route: '/homeloan' });
    const link = screen.getByRole('link', { name: 'Apply Now' });
    expect(link.getAttribute('href')).toBe('/contactus?from=%2Fhomeloan');
  });

  test('the page it came from follows the current route', () => {
    renderBlock(<ApplyNowBlock block={applyNow} />, { route: '/women' });
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/contactus?from=%2Fwomen');
  });

  test("uses the block's own label for the link when it gives one", () => {
    renderBlock(<ApplyNowBlock block={{ ...applyNow, label: 'Talk to an adviser' }} />, { route: '/cgtmse' });
    expect(screen.queryByRole('link', { name: 'Apply Now' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Talk to an adviser' });
    expect(link.getAttribute('href')).toBe('/contactus?from=%2Fcgtmse');
  });

  test('without a heading or text it still has a heading and the link', () => {
    renderBlock(<ApplyNowBlock block={{ type: 'apply-now' }} />, { route: '/homeloan' });
    expect(screen.getByRole('heading', { level: 2, name: siteDataFor('en').words.ui.blocks.applyHeading })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Apply Now' })).toBeVisible();
  });

  test('following the link opens the contact page with the route it came from', async () => {
    const user = userEvent.setup();
    function Contact() {
      const location = useLocation();
      return <p>Contact page, from {new URLSearchParams(location.search).get('from')}</p>;
    }
    renderBlock(
      <Routes>
        <Route path="/homeloan" element={<ApplyNowBlock block={applyNow} />} />
        <Route path="/contactus" element={<Contact />} />
      </Routes>,
      { route: '/homeloan' },
    );
    await user.click(screen.getByRole('link', { name: 'Apply Now' }));
    expect(screen.getByText('Contact page, from /homeloan')).toBeVisible();
  });
});
