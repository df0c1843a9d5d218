import { act, screen } from '@testing-library/react';
import path from 'node:path';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BlockOf } from '../../content/blockTypes';
import { renderBlock } from '../../../tests/helpers/renderBlock';
import { TypedIntroBlock } from './TypedIntroBlock';
import { stubMatchMedia, attachStylesheet } from '../../../tests/helpers/browserStubs';

const intro: BlockOf<'typed-intro'> = {
  type: 'typed-intro',
  heading: 'Our story',
  text: 'We plan. We fund. We follow through.',
  stopAt: 8, // "We plan."
  msPerChar: 40,
  startDelayMs: 300,
};

/**
 * Vitest does not apply imported CSS, so the typed text's own stylesheet is added to the
 * document: the untyped part is laid out but `visibility: hidden`, and only the computed
 * style tells a visible character from an invisible one.
 */
attachStylesheet(path.join(import.meta.dirname, '../shared/TypedText.css'));

function collectText(node: Node, skip: (element: Element) => boolean): string {
  let text = '';
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
    else if (child instanceof Element && !skip(child)) text += collectText(child, skip);
  }
  return text;
}

/** What a screen reader reads: everything not aria-hidden. */
const screenReaderText = (paragraph: Element) => collectText(paragraph, (element) => element.getAttribute('aria-hidden') === 'true');

/** What a sighted visitor sees: the visual copy (hidden from screen readers), minus invisible characters. */
function visibleText(paragraph: Element): string {
  const visual = paragraph.querySelector('[aria-hidden="true"]');
  expect(visual).not.toBeNull();
  return collectText(visual!, (element) => getComputedStyle(element).visibility === 'hidden');
}

function renderIntro(block: BlockOf<'typed-intro'> = intro, { strict = false } = {}) {
  renderBlock(
    strict ? (
      <StrictMode>
        <TypedIntroBlock block={block} />
      </StrictMode>
    ) : (
      <TypedIntroBlock block={block} />
    ),
  );
  const section = screen.getByRole('heading', { level: 2, name: block.heading }).closest('section')!;
  return section.querySelector('p')!;
}

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TypedIntroBlock', () => {
  describe('with motion', () => {
    beforeEach(() => {
      stubMatchMedia(false);
      vi.useFakeTimers();
    });

    test('shows the heading', () => {
      renderIntro();
      expect(screen.getByRole('heading', { level: 2, name: intro.heading })).toBeVisible();
    });

    test('screen readers get the whole text at once, and keep getting it while it types', () => {
      const paragraph = renderIntro();
      expect(screenReaderText(paragraph)).toBe(intro.text);
      advance(intro.startDelayMs! + 3 * intro.msPerChar!);
      expect(screenReaderText(paragraph)).toBe(intro.text);
    });

    test('nothing is visible before the start delay has passed', () => {
      const paragraph = renderIntro();
      expect(visibleText(paragraph)).toBe('');
      advance(intro.startDelayMs!);
      expect(visibleText(paragraph)).toBe('');
    });

    test('after the start delay, one more character appears every msPerChar, until stopAt', () => {
      const paragraph = renderIntro();
      advance(intro.startDelayMs!);
      for (let count = 1; count < intro.stopAt; count++) {
        advance(intro.msPerChar! - 1);
        expect(visibleText(paragraph)).toBe(intro.text.slice(0, count - 1));
        advance(1);
        expect(visibleText(paragraph)).toBe(intro.text.slice(0, count));
      }
    });

    test('no character past stopAt is typed; when typing stops the whole text shows and stays', () => {
      const paragraph = renderIntro();
      advance(intro.startDelayMs! + (intro.stopAt - 1) * intro.msPerChar!);
      expect(visibleText(paragraph)).toBe(intro.text.slice(0, intro.stopAt - 1));
      advance(intro.msPerChar!);
      expect(visibleText(paragraph)).toBe(intro.text);
      advance(60_000);
      expect(visibleText(paragraph)).toBe(intro.text);
      expect(screenReaderText(paragraph)).toBe(intro.text);
    });

    test('types one character every 100 ms, starting at once, when the page gives no timing', () => {
      const block: BlockOf<'typed-intro'> = { type: 'typed-intro', heading: 'Plain', text: 'Hello there.', stopAt: 12 };
      const paragraph = renderIntro(block);
      advance(99);
      expect(visibleText(paragraph)).toBe('');
      advance(1);
      expect(visibleText(paragraph)).toBe('H');
      advance(100);
      expect(visibleText(paragraph)).toBe('He');
    });

    test('types at the same pace inside StrictMode, as the app renders it', () => {
      const paragraph = renderIntro(intro, { strict: true });
      advance(intro.startDelayMs! + intro.msPerChar!);
      expect(visibleText(paragraph)).toBe(intro.text.slice(0, 1));
      for (let count = 2; count < intro.stopAt; count++) {
        advance(intro.msPerChar!);
        expect(visibleText(paragraph)).toBe(intro.text.slice(0, count));
      }
    });
  });

  describe('with prefers-reduced-motion', () => {
    beforeEach(() => {
      stubMatchMedia(true);
      vi.useFakeTimers();
    });

    test('shows the whole text at once, without waiting for any timer', () => {
      const paragraph = renderIntro();
      expect(visibleText(paragraph)).toBe(intro.text);
      expect(screenReaderText(paragraph)).toBe(intro.text);
    });
  });
});
