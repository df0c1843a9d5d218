import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { PageModule } from '../../src/app/pageModule';
import { PageAssetsContext } from '../../src/blocks/shared/PageAssets';

/**
 * Renders a block as a page would: inside a router (at `route`) and with the page's
 * icons and pictures available. Only the assets a test names are provided, so a block
 * that asks for anything else fails loudly.
 */
export function renderBlock(
  element: ReactElement,
  options: { route?: string; assets?: Partial<Pick<PageModule, 'icons' | 'assets'>> } = {},
) {
  const assets = { icons: {}, assets: {}, ...options.assets };
  return render(
    <MemoryRouter initialEntries={[options.route ?? '/']}>
      <PageAssetsContext.Provider value={assets}>{element}</PageAssetsContext.Provider>
    </MemoryRouter>,
  );
}
