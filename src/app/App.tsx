import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from '../shell/Layout/Layout';
import { ADMIN_PAGES } from '../shared/adminPages';
import { useLanguage } from '../shell/useLanguage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageView } from './PageView';
import { reportVisit } from '../visits/visitBeacon';
import '../styles/base.css';
// The Devanagari faces cut from the site's own text (src/build/devanagariFonts.ts).
import 'virtual:devanagari-fonts.css';

// The admin screens are a separate download: no public page ever loads their code.
const AdminLoginPage = lazy(() => import('../admin/AdminLoginPage'));
const DeskPage = lazy(() => import('../admin/desk/DeskPage'));
const PagesListPage = lazy(() => import('../admin/pages/PagesListPage'));
const PageEditorPage = lazy(() => import('../admin/pages/PageEditorPage'));
const ReviewPage = lazy(() => import('../admin/pages/ReviewPage'));
const MenuPage = lazy(() => import('../admin/pages/MenuPage'));

/**
 * The admin screens at their addresses; every other address is a public page, drawn from
 * the page the server has at it (its 404 page when none), inside the site's shell.
 */
export function App() {
  const { pathname } = useLocation();
  const { code, words } = useLanguage();
  const shell = words.ui.shell;
  useEffect(() => {
    document.documentElement.lang = code;
  }, [code]);
  // Each public page viewed is counted, without cookies (src/visits/visitBeacon.ts); admin screens are not.
  const adminScreen = Object.values(ADMIN_PAGES).some((admin) => pathname === admin || pathname.startsWith(`${admin}/`));
  useEffect(() => {
    if (!adminScreen) reportVisit(pathname, code);
  }, [adminScreen, pathname, code]);
  // Marks the moment the page has become interactive (hydrated), for tools and tests that must not click too early.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <PageErrorBoundary resetKey={pathname} words={shell}>
      <Suspense fallback={<p className="container block">{shell.loading}</p>}>
        <Routes>
          <Route path={ADMIN_PAGES.login} caseSensitive element={<AdminLoginPage />} />
          <Route path={ADMIN_PAGES.tables} caseSensitive element={<DeskPage />} />
          <Route path={ADMIN_PAGES.aboutTable} caseSensitive element={<DeskPage aboutOnly />} />
          <Route path={ADMIN_PAGES.pages} caseSensitive element={<PagesListPage />} />
          <Route path={`${ADMIN_PAGES.pages}/*`} caseSensitive element={<PageEditorPage />} />
          <Route path={ADMIN_PAGES.review} caseSensitive element={<ReviewPage />} />
          <Route path={ADMIN_PAGES.menu} caseSensitive element={<MenuPage />} />
          <Route
            path="*"
            element={
              <Layout>
                <PageView />
              </Layout>
            }
          />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
