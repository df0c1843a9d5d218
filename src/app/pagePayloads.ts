import { preloadBlocks } from '../blocks/BlockRenderer';
import { loadModule } from '../blocks/shared/moduleCache';
import { PAGE_PAYLOAD_PATH, type PagePayload } from '../shared/siteData';

/** One loader per address, so React's use() sees the same promise on every render. */
const loaders = new Map<string, () => Promise<PagePayload>>();

/** The page at an address with the code of the blocks it shows, loaded once: given by the server, or fetched. */
export function payloadFor(pathname: string): Promise<PagePayload> {
  let loader = loaders.get(pathname);
  if (!loader) {
    loader = async () => {
      const response = await fetch(`${PAGE_PAYLOAD_PATH}?path=${encodeURIComponent(pathname)}`);
      if (!response.ok && response.status !== 404) throw new Error(`The page ${pathname} could not be loaded (${response.status})`);
      return withBlocks((await response.json()) as PagePayload);
    };
    loaders.set(pathname, loader);
  }
  return loadModule(loader);
}

/**
 * Records the page the server sent with the HTML (or is about to render), with its blocks'
 * code, so the first render needs no fetch and hydration draws exactly what the server did.
 */
export function givePayload(pathname: string, payload: PagePayload): Promise<PagePayload> {
  const loader = () => withBlocks(payload);
  loaders.set(pathname, loader);
  return loadModule(loader);
}

/**
 * On the server: `draw` (a synchronous render) runs with the page given for its address, which
 * is let go once it has drawn, so the server does not hold every page it ever drew (thousands)
 * in memory. The page is given only once its blocks' code is loaded, just before the drawing,
 * so another drawing of the same address meanwhile (a preview, a page drawn again) cannot swap it.
 */
export async function drawnWith<T>(pathname: string, payload: PagePayload, draw: () => T): Promise<T> {
  const loader = () => withBlocks(payload);
  await loadModule(loader);
  loaders.set(pathname, loader);
  try {
    return draw();
  } finally {
    loaders.delete(pathname);
  }
}

async function withBlocks(payload: PagePayload): Promise<PagePayload> {
  await preloadBlocks(payload.page.blocks);
  return payload;
}
