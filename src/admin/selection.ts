import { useSyncExternalStore } from 'react';

/** The ids of the selected rows live in localStorage under this key, the name the firm's original tables used. */
const KEY = 'selectedItems';
const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: ReadonlySet<string> } = { raw: null, ids: new Set() };

function read(): ReadonlySet<string> {
  const raw = localStorage.getItem(KEY);
  if (raw !== cached.raw) {
    let ids: string[] = [];
    try {
      const parsed: unknown = JSON.parse(raw ?? '[]');
      if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
    } catch {
      // a damaged entry counts as no selection
    }
    cached = { raw, ids: new Set(ids) };
  }
  return cached.ids;
}

export function setSelection(ids: Iterable<string>) {
  localStorage.setItem(KEY, JSON.stringify([...new Set(ids)]));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The selected ids, shared by every table on the page and kept across reloads. */
export function useSelection(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, read, () => cached.ids);
}
