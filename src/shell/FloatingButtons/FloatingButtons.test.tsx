import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SiteHeader } from '../SiteHeader/SiteHeader';
import { FloatingButtons } from './FloatingButtons';
import { stubMatchMedia } from '../../../tests/helpers/browserStubs';
import { siteFile } from '../../../tests/helpers/siteData';
import { renderBlock } from '../../../tests/helpers/renderBlock';

const site = siteFile;

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}

/** Scrolls the window to `y` and lets the next animation frame run. */
function scrollTo(y: number) {
  act(() => {
    setScrollY(y);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersToNextFrame();
  });
}

const chatLink = () => screen.queryByRole('link', { name: /whatsapp/i });
const backToTop = () => screen.queryByRole('button', { name: 'Back to top' });

function renderButtons({ withHeader = false } = {}) {
  return renderBlock(
    <>
      {withHeader && <SiteHeader />}
      <FloatingButtons />
    </>,
  );
}

let scrollToSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia(false);
  setScrollY(0);
  scrollToSpy = vi.fn();
  vi.stubGlobal('scrollTo', scrollToSpy);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setScrollY(0);
});

describe('FloatingButtons', () => {
  test('shows no button at the top of the page', () => {
    renderButtons();
    expect(chatLink()).toBeNull();
    expect(backToTop()).toBeNull();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  test('shows the buttons at once when the page opens already scrolled (e.g. on reload)', () => {
    setScrollY(1200);
    renderButtons();
    expect(chatLink()).not.toBeNull();
    expect(backToTop()).not.toBeNull();
  });

  test('the WhatsApp chat link appears as soon as the page scrolls, and opens the chat in a new tab', () => {
    renderButtons();
    scrollTo(1);
    const link = chatLink();
    expect(link).not.toBeNull();
    expect(link!.getAttribute('href')).toBe(`https://wa.me/${site.whatsapp}`);
    expect(link!.getAttribute('target')).toBe('_blank');
    expect(link!.getAttribute('rel')).toContain('noopener');
    expect(link!.textContent).toMatch(/new tab/i);
  });

  test('"Back to top" appears only after more than 300 px of scroll, not at exactly 300', () => {
    renderButtons();
    scrollTo(300);
    expect(chatLink()).not.toBeNull();
    expect(backToTop()).toBeNull();
    scrollTo(301);
    expect(backToTop()).not.toBeNull();
  });

  test('both disappear (and leave the tab order) when the page scrolls back to the top', () => {
    renderButtons();
    scrollTo(800);
    expect(backToTop()).not.toBeNull();
    scrollTo(200);
    expect(backToTop()).toBeNull();
    expect(chatLink()).not.toBeNull();
    scrollTo(0);
    expect(chatLink()).toBeNull();
    expect(backToTop()).toBeNull();
  });

  test('"Back to top" scrolls the window to the top', () => {
    renderButtons();
    scrollTo(1000);
    fireEvent.click(backToTop()!);
    expect(scrollToSpy).toHaveBeenCalledTimes(1);
    expect(scrollToSpy.mock.calls[0]![0]).toMatchObject({ top: 0 });
  });

  test('"Back to top" moves keyboard focus to the top of the page (the home link), so focus is not lost', () => {
    renderButtons({ withHeader: true });
    scrollTo(1000);
    fireEvent.click(backToTop()!);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: site.name }));
  });

  test('"Back to top" scrolls smoothly, but jumps for visitors who prefer reduced motion', () => {
    const { unmount } = renderButtons();
    scrollTo(1000);
    fireEvent.click(backToTop()!);
    expect(scrollToSpy.mock.calls[0]![0]).toMatchObject({ top: 0, behavior: 'smooth' });
    unmount();

    stubMatchMedia(true);
    renderButtons();
    scrollTo(1000);
    fireEvent.click(backToTop()!);
    expect(scrollToSpy.mock.calls[1]![0]).toMatchObject({ top: 0 });
    expect((scrollToSpy.mock.calls[1]![0] as ScrollToOptions).behavior).not.toBe('smooth');
  });
});
