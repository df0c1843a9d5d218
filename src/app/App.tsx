import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from '../shell/Layout/Layout';
import { ADMIN_PAGES } from '../shared/adminPaths';
import { useLanguage } from '../shell/useLanguage';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageView } from './PageView';
import { notFound, routes } from './routeTable';
import { SOURCE_LANGUAGE } from '../shared/languages';
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
          <Route
            key={route.path}
            path={route.path}
            caseSensitive
            element={<PageView load={route.load} untranslated={route.untranslated} />}
          />
        ))}
        {Object.entries(notFound).map(([lang, load]) => (
          <Route key={lang} path={lang === SOURCE_LANGUAGE ? '*' : `/${lang}/*`} element={<PageView load={load} />} />
        ))}
      </Routes>
    </Layout>
  );
}

export function App() {
  const { pathname } = useLocation();
  const { code, words } = useLanguage();
  const shell = words.ui.shell;
  useEffect(() => {
    document.documentElement.lang = code;
  }, [code]);
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
          <Route path="*" element={<PublicSite />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
