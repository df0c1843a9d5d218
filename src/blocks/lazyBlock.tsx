import { use, type ComponentType } from 'react';
import { loadModule } from './shared/moduleCache';

export type LazyBlockComponent<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A block whose code is downloaded when a page shows it. Unlike React.lazy it can
 * be preloaded, so a page and its heavy blocks load together before rendering, and the
 * prerendered HTML needs no Suspense fallback (nor the inline script React would need).
 */
export function lazyBlock<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): LazyBlockComponent<P> {
  function LazyBlock(props: P) {
    const { default: Component } = use(loadModule(loader));
    return <Component {...props} />;
  }
  LazyBlock.preload = () => loadModule(loader);
  return LazyBlock;
}
