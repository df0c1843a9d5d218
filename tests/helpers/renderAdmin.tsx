import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SiteDataProvider } from '../../src/shell/SiteDataContext';
import { fixtureAdminData } from './siteData';

/**
 * Renders an admin screen or a part of one as the admin shell does: in a router at `route`
 * (matched against `path`, for a screen that reads its address's parameters), with the admin data.
 */
export function renderAdmin(element: ReactElement, { route = '/admin', path = '*' }: { route?: string; path?: string } = {}) {
  return render(
    <SiteDataProvider data={fixtureAdminData}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </SiteDataProvider>,
  );
}
