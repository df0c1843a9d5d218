import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, vi } from 'vitest';

/** jsdom has no matchMedia; components ask it whether the visitor prefers reduced motion. */
export function stubMatchMedia(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

/**
 * Vitest does not apply the CSS a component imports; a test whose observable is a
 * computed style adds the component's own stylesheet for the file's duration.
 */
export function attachStylesheet(file: string) {
  let style: HTMLStyleElement | undefined;
  beforeAll(() => {
    style = document.createElement('style');
    style.textContent = readFileSync(file, 'utf8');
    document.head.append(style);
  });
  afterAll(() => style?.remove());
}

/** jsdom lays nothing out and has no ResizeObserver; the page editor's preview watches its own size with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
