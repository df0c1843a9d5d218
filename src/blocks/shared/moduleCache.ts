/** React's own status fields on a promise, which let `use()` read a settled promise without suspending. */
type Tracked = Promise<unknown> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: unknown; reason?: unknown };

// Weak: a loader that is replaced (a page published again) takes its promise with it.
const cache = new WeakMap<() => Promise<unknown>, Tracked>();

/**
 * Runs a loader (a dynamic import) once and remembers its promise. Awaiting it before
 * rendering lets the server render without suspending and lets hydration render exactly
 * what the server did.
 */
export function loadModule<T>(loader: () => Promise<T>): Promise<T> {
  let promise = cache.get(loader);
  if (!promise) {
    const tracked: Tracked = loader();
    tracked.status = 'pending';
    void tracked.then(
      (value) => {
        tracked.status = 'fulfilled';
        tracked.value = value;
      },
      (reason: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = reason;
        cache.delete(loader); // a failed chunk download may succeed on the next visit
      },
    );
    cache.set(loader, tracked);
    promise = tracked;
  }
  return promise as Promise<T>;
}
