import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { MapBlock } from './MapBlock';
import { siteFile } from '../../../tests/helpers/siteData';

const site = siteFile;

const map: BlockOf<'map'> = { type: 'map', heading: 'Find us', text: 'Ten minutes from the railway station.' };

describe('MapBlock', () => {
  test('shows the heading and the text', () => {
    renderBlock(<MapBlock block={map} />);
    expect(screen.getByRole('heading', { level: 2, name: map.heading })).toBeVisible();
    expect(screen.getByText(map.text!)).toBeVisible();
  });

  test('loads no map until the visitor asks: no iframe, a decorative preview and an "Open map" button', () => {
    const { container } = renderBlock(<MapBlock block={map} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open map' })).toBeVisible();
  });

  test('"Open map" replaces the preview with a titled OpenStreetMap iframe of the office', async () => {
    const user = userEvent.setup();
    const { container } = renderBlock(<MapBlock block={map} />);
    await user.click(screen.getByRole('button', { name: 'Open map' }));

    const iframes = container.querySelectorAll('iframe');
    expect(iframes).toHaveLength(1);
    const iframe = iframes[0]!;
    expect(iframe.title).toContain(site.name);
    const src = new URL(iframe.src);
    expect(src.origin).toBe('https://www.openstreetmap.org');
    expect(src.searchParams.get('marker')).toBe(`${site.geo.lat},${site.geo.lon}`);
    expect(screen.queryByRole('button', { name: 'Open map' })).toBeNull();
  });

  test('links to the office on OpenStreetMap, opening in a new tab and saying so', () => {
    renderBlock(<MapBlock block={map} />);
    const link = screen.getByRole('link', { name: /view the office on openstreetmap/i });
    expect(link.textContent).toMatch(/new tab/i);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin).toBe('https://www.openstreetmap.org');
    expect(href.searchParams.get('mlat')).toBe(String(site.geo.lat));
    expect(href.searchParams.get('mlon')).toBe(String(site.geo.lon));
  });

  test('shows no heading or text when the page gives none, but still offers the map', () => {
    renderBlock(<MapBlock block={{ type: 'map' }} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByText(map.text!)).toBeNull();
    expect(screen.getByRole('button', { name: 'Open map' })).toBeVisible();
  });
});
