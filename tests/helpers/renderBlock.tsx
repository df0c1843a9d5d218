import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { PageAssetsContext } from '../../src/blocks/shared/PageAssets';
import type { PagePayload, SiteData } from '../../src/shared/siteData';
import { SiteDataProvider } from '../../src/shell/SiteDataContext';
import { languageOfRoute, siteDataFor } from './siteData';

/**
 * Renders a block or a part of the shell as a page would: inside a router (at `route`), with
 * the site's data in that address's language, and with the page's icons and pictures. Only
 * the assets a test names are provided, so a block that asks for anything else fails loudly.
 * `data` replaces the site's data, for a firm detail the real site file does not have.
 */
export function renderBlock(
  element: ReactElement,
  options: { route?: string; assets?: Partial<Pick<PagePayload, 'icons' | 'assets'>>; data?: SiteData } = {},
) {
  const route = options.route ?? '/';
  const assets = { icons: {}, assets: {}, ...options.assets };
  return render(
    <SiteDataProvider data={options.data ?? siteDataFor(languageOfRoute(route))}>
      <MemoryRouter initialEntries={[route]}>
        <PageAssetsContext value={assets}>{element}</PageAssetsContext>
      </MemoryRouter>
    </SiteDataProvider>,
  );
}

/** The drawings of Lucide icons by name, as a page's payload carries them. */
export async function iconsNamed(...names: string[]): Promise<PagePayload['icons']> {
  const entries = await Promise.all(
    names.map(
      async (name) =>
        [name, ((await import(`lucide-react/icons/${name}`)) as { __iconData: PagePayload['icons'][string] }).__iconData] as const,
    ),
  );
  return Object.fromEntries(entries);
}
