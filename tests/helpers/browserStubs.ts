import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { parse } from 'yaml';
import type { Site } from '../../src/content/site.generated';

/** The real site file, read independently of the app's own import of it. */
export const siteFile = parse(readFileSync(path.resolve(import.meta.dirname, '../../pages-data/_site.yaml'), 'utf8')) as Site;

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
