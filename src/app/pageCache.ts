import type { PageModule } from './pageModule';

type Loader = () => Promise<PageModule>;

/** A promise carrying React's own status fields, so `use()` reads a loaded page without suspending. */
type TrackedPromise = Promise<PageModule> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: PageModule; reason?: unknown };

const cache = new Map<Loader, TrackedPromise>();

/** Loads a page module once and remembers it, so revisits and hydration render at once. */
export function loadPage(loader: Loader): TrackedPromise {
  let promise = cache.get(loader);
  if (!promise) {
    const tracked: TrackedPromise = loader();
    tracked.status = 'pending';
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
        cache.delete(loader); // a failed chunk download may succeed on the next visit
      },
    );
    cache.set(loader, tracked);
    promise = tracked;
  }
  return promise;
}
