import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from '../shell/Layout/Layout';
import { ADMIN_PAGES } from '../shared/adminPaths';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageView } from './PageView';
import { loadNotFound, routes } from './routeTable';
import '../styles/base.css';

// The admin screens are a separate download: no public page ever loads their code.
const AdminLoginPage = lazy(() => import('../admin/AdminLoginPage'));
const DeskPage = lazy(() => import('../admin/desk/DeskPage'));

/** Every public page from the route table, inside the site's shell. */
function PublicSite() {
  return (
    <Layout>
      <Routes>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} caseSensitive element={<PageView load={route.load} />} />
        ))}
        <Route path="*" element={<PageView load={loadNotFound} />} />
      </Routes>
    </Layout>
  );
}

export function App() {
  const { pathname } = useLocation();
  // Marks the moment the page has become interactive (hydrated), for tools and tests that must not click too early.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<p className="container block">Loading…</p>}>
        <Routes>
          <Route path={ADMIN_PAGES.login} caseSensitive element={<AdminLoginPage />} />
          <Route path={ADMIN_PAGES.tables} caseSensitive element={<DeskPage />} />
          <Route path={ADMIN_PAGES.aboutTable} caseSensitive element={<DeskPage aboutOnly />} />
          <Route path="*" element={<PublicSite />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
