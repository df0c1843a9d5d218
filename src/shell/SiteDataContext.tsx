import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { SiteLanguages } from '../shared/languages';
import type { SiteData } from '../shared/siteData';

const SiteDataContext = createContext<{ data: SiteData; siteLanguages: SiteLanguages } | undefined>(undefined);

/**
 * The site's data for everything drawn around the content: the firm, the languages and the
 * page's language's words. The server sends it with every page; none of it is built into
 * the code, so what the firm publishes reaches the page without a new build.
 */
export function SiteDataProvider({ data, children }: { data: SiteData; children: ReactNode }) {
  const value = useMemo(() => ({ data, siteLanguages: new SiteLanguages(data.languages) }), [data]);
  return <SiteDataContext value={value}>{children}</SiteDataContext>;
}

export function useSiteData(): SiteData & { siteLanguages: SiteLanguages } {
  const value = useContext(SiteDataContext);
  if (!value) throw new Error('useSiteData() is used outside <SiteDataProvider>');
  return { ...value.data, siteLanguages: value.siteLanguages };
}
