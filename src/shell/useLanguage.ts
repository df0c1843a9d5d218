import { useSiteData } from './SiteDataContext';

/** The language of the page on screen, its words, and how to link within it. */
export function useLanguage() {
  const { lang, words, siteLanguages } = useSiteData();
  return { code: lang, words, local: (to: string) => siteLanguages.localPath(lang, to) };
}
