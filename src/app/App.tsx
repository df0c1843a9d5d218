import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from '../shell/Layout/Layout';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageView } from './PageView';
import { loadNotFound, routes } from './routeTable';
import '../styles/base.css';

export function App() {
  const { pathname } = useLocation();
  return (
    <Layout>
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<p className="container block">Loading…</p>}>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} caseSensitive element={<PageView load={route.load} />} />
            ))}
            <Route path="*" element={<PageView load={loadNotFound} />} />
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </Layout>
  );
}
