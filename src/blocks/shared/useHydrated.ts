import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and on the server), true afterwards and
 * on client-side navigation. Lets a block show what the URL asks for without the first
 * client render disagreeing with the HTML the server built.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
