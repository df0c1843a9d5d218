import { use, useEffect } from 'react';
import site from 'virtual:content/site';
import { BlockRenderer } from '../blocks/BlockRenderer';
import { PageAssetsContext } from '../blocks/shared/PageAssets';
import { formatIsoDate } from '../shared/formatDate';
import { SOURCE_LANGUAGE } from '../shared/languages';
import { fillParts } from '../shell/fillParts';
import { useLanguage } from '../shell/useLanguage';
import { documentTitle } from './documentTitle';
import { loadPage } from './pageLoader';
import type { PageModule } from './pageModule';
import './PageView.css';

/**
 * Draws one page from its module: each block in order, then when it was updated and, once
 * the firm has done so, when its facts were checked. A page not yet translated into the
 * address's language says so first, in that language.
 */
export function PageView({ load, untranslated = false }: { load: () => Promise<PageModule>; untranslated?: boolean }) {
  const module = use(loadPage(load));
  const { page, route } = module;
  const { words } = useLanguage();
  const shell = words.ui.shell;
  const date = (iso: string) => (
    <time dateTime={iso} key={iso}>
      {formatIsoDate(iso, shell.months)}
    </time>
  );

  const blocks = page.blocks.map((block, index) => <BlockRenderer key={index} block={block} />);

  useEffect(() => {
    document.title = documentTitle(page.title, site.name);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [page]);

  return (
    <PageAssetsContext.Provider value={module}>
      <div className="page" key={route}>
        {untranslated && (
          <p className="container page__untranslated" role="note">
            {shell.untranslated}
          </p>
        )}
        {untranslated ? <div lang={SOURCE_LANGUAGE}>{blocks}</div> : blocks}
        {route && (
          <div className="container">
            <p className="page__reviewed">
              {fillParts(shell.pageUpdated, { date: date(page.updated) })}
              {page.reviewed && <> {fillParts(shell.factsChecked, { firm: site.name, date: date(page.reviewed) })}</>}
            </p>
          </div>
        )}
      </div>
    </PageAssetsContext.Provider>
  );
}
