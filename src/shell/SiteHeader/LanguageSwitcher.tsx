import { Link, useLocation } from 'react-router-dom';
import { useHydrated } from '../../blocks/shared/useHydrated';
import { useSiteData } from '../SiteDataContext';

/**
 * Links to this same page in every language, each named in its own script and marked with
 * its language, so a screen reader pronounces "मराठी" as Marathi. The current one is marked.
 * Each is a full page load: the new page arrives with its own lang, fonts and words.
 */
import './LanguageSwitcher.css';

export function LanguageSwitcher() {
  const { pathname, search } = useLocation();
  const { lang: code, words, languages, siteLanguages } = useSiteData();
  const base = siteLanguages.basePath(pathname);
  // The prerendered page had no query; one is added once hydrated, so hydration matches the HTML.
  const query = useHydrated() ? search : '';
  return (
    <nav className="language-switcher" aria-label={words.ui.shell.languageNav}>
      <ul>
        {languages.map((language) => (
          <li key={language.code}>
            <Link
              to={siteLanguages.localPath(language.code, base) + query}
              reloadDocument
              lang={language.code}
              hrefLang={language.code}
              aria-current={language.code === code ? 'true' : undefined}
            >
              {language.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
