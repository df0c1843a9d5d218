import { use, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { BlockRenderer } from '../blocks/BlockRenderer';
import { PageAssetsContext } from '../blocks/shared/PageAssets';
import { documentTitle } from '../shared/documentTitle';
import { formatIsoDate } from '../shared/formatDate';
import { fillParts } from '../shell/fillParts';
import { useSiteData } from '../shell/SiteDataContext';
import { PageSources } from './PageSources';
import { payloadFor } from './pagePayloads';
import './PageView.css';

/**
 * Draws the page at the current address: each block in order, the sources of its rules and
 * figures, then when it was updated and, once the firm has done so, when its facts were checked. A page not yet translated into the
 * address's language says so first, in that language.
 */
export function PageView() {
  const { pathname } = useLocation();
  const payload = use(payloadFor(pathname));
  const { page, route, untranslated } = payload;
  const { site, words, siteLanguages } = useSiteData();
  const shell = words.ui.shell;
  const date = (iso: string) => (
    <time dateTime={iso} key={iso}>
      {formatIsoDate(iso, shell.months)}
    </time>
  );

  const blocks = (
    <>
      {page.blocks.map((block, index) => (
        <BlockRenderer key={index} block={block} />
      ))}
      {page.sources && <PageSources sources={page.sources} />}
    </>
  );

  useEffect(() => {
    document.title = documentTitle(page.title, site.name);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [page, site.name]);

  return (
    <PageAssetsContext value={payload}>
      <div className="page" key={route}>
        {untranslated && (
          <p className="container page__untranslated" role="note">
            {shell.untranslated}
          </p>
        )}
        {untranslated ? <div lang={siteLanguages.source}>{blocks}</div> : blocks}
        {route && (
          <div className="container">
            <p className="page__reviewed">
              {fillParts(shell.pageUpdated, { date: date(page.updated) })}
              {page.reviewed && <> {fillParts(shell.factsChecked, { firm: site.name, date: date(page.reviewed) })}</>}
            </p>
          </div>
        )}
      </div>
    </PageAssetsContext>
  );
}
