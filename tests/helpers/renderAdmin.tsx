import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SiteDataProvider } from '../../src/shell/SiteDataContext';
import { fixtureAdminData } from './siteData';

/**
 * Renders admin screens as the admin app does: in a router at `route`, each screen at its path
 * (a screen that moves on to another, such as a new page to its editor, is given both), with the
 * admin data. A single element is drawn at every path.
 */
export function renderAdmin(screens: ReactElement | Record<string, ReactElement>, { route = '/admin' }: { route?: string } = {}) {
  const paths = 'type' in screens ? { '*': screens as ReactElement } : screens;
  return render(
    <SiteDataProvider data={fixtureAdminData}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          {Object.entries(paths).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </SiteDataProvider>,
  );
}
