import { expect, test } from 'vitest';
import type { PagePayload } from '../shared/siteData';
import { drawnWith, payloadFor } from './pagePayloads';

const payload = (title: string): PagePayload => ({
  key: 'clcss',
  route: '/clcss',
  lang: 'en',
  untranslated: false,
  page: { title, description: title, updated: '2026-11-26', blocks: [] },
  icons: {},
  assets: {},
});

/** What the page's component reads at its address while drawing: the page given, already loaded (React's use() does not suspend). */
const drawnPage = () => {
  const given = payloadFor('/clcss') as Promise<PagePayload> & { status?: string; value?: PagePayload };
  return given.status === 'fulfilled' ? given.value!.page.title : `not loaded (${given.status})`;
};

test('two drawings of one address at once (a preview while the page is drawn for visitors) each draw their own page', async () => {
  const titles = await Promise.all([
    drawnWith('/clcss', payload('As published'), drawnPage),
    drawnWith('/clcss', payload('The draft'), drawnPage),
  ]);
  expect(titles).toEqual(['As published', 'The draft']);
});

test('a drawing lets its page go: the address holds no page drawn before', async () => {
  await drawnWith('/clcss', payload('As published'), drawnPage);
  // With none given, the page is asked of the server: a new, pending request, not the page drawn before.
  const original = globalThis.fetch;
  globalThis.fetch = () => new Promise(() => {});
  try {
    expect(drawnPage()).toBe('not loaded (pending)');
  } finally {
    globalThis.fetch = original;
  }
});
