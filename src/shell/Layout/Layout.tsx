import { use, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SiteFooter } from '../SiteFooter/SiteFooter';
import { SiteHeader } from '../SiteHeader/SiteHeader';
import { ShellSlots } from '../ShellSlots';
import { useLanguage } from '../useLanguage';

/**
 * The frame of every public page. After a client-side navigation it scrolls to the top
 * and moves focus to the new page's heading, as a full page load would.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  const { shell } = useLanguage().words.ui;
  const slots = use(ShellSlots);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('#main h1')?.focus();
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {shell.skipLink}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {slots ? slots.page : children}
      </main>
      <SiteFooter />
    </>
  );
}
