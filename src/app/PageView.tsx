import { use, useEffect } from 'react';
import site from 'virtual:content/site';
import { BlockRenderer } from '../blocks/BlockRenderer';
import { PageAssetsContext } from '../blocks/shared/PageAssets';
import { formatIsoDate } from '../shared/formatDate';
import { documentTitle } from './documentTitle';
import { loadPage } from './pageLoader';
import type { PageModule } from './pageModule';

/** Draws one page from its module: each block in order, then when it was updated and, once the firm has done so, when its facts were checked. */
export function PageView({ load }: { load: () => Promise<PageModule> }) {
  const module = use(loadPage(load));
  const { page, route } = module;

  useEffect(() => {
    document.title = documentTitle(page.title, site.name);
    document.querySelector('meta[name="description"]')?.setAttribute('content', page.description);
  }, [page]);

  return (
    <PageAssetsContext.Provider value={module}>
      <div className="page" key={route}>
        {page.blocks.map((block, index) => (
          <BlockRenderer key={index} block={block} />
        ))}
        {route && (
          <div className="container">
            <p className="page__reviewed">
              Page last updated on <time dateTime={page.updated}>{formatIsoDate(page.updated)}</time>.
              {page.reviewed && (
                <>
                  {' '}
                  Facts checked by {site.name} on <time dateTime={page.reviewed}>{formatIsoDate(page.reviewed)}</time>.
                </>
              )}
            </p>
          </div>
        )}
      </div>
    </PageAssetsContext.Provider>
  );
}
