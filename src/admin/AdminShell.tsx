import { useEffect, type ReactNode } from 'react';
import { useSiteData } from '../shell/SiteDataContext';
import { Logo } from '../shell/SiteHeader/Logo';
import './admin.css';

/** The frame of the admin screens: no public navigation, just the firm and the screen's name. */
export function AdminShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { site } = useSiteData();
  useEffect(() => {
    document.title = `${title} | ${site.name} admin`;
  }, [title, site.name]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="admin-header">
        <div className="container admin-header__bar">
          <p className="admin-header__brand">
            <Logo />
            <span>{site.name} · Admin</span>
          </p>
          {actions}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container admin-main">
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
