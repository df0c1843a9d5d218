import { preloadBlocks } from '../blocks/BlockRenderer';
import { loadModule } from './moduleCache';
import type { PageModule } from './pageModule';

const withBlocks = new WeakMap<() => Promise<PageModule>, () => Promise<PageModule>>();

/** A page module together with the code of the blocks it shows, loaded once. */
export function loadPage(load: () => Promise<PageModule>) {
  let loader = withBlocks.get(load);
  if (!loader) {
    loader = () => load().then(async (module) => (await preloadBlocks(module.page.blocks), module));
    withBlocks.set(load, loader);
  }
  return loadModule(loader);
}
