import { ArrowUp, MessageCircle } from 'lucide-react';
import { useSiteData } from '../SiteDataContext';
import { prefersReducedMotion } from '../../blocks/shared/useTypedCount';
import { whatsappHref } from '../contactLinks';
import { useLanguage } from '../useLanguage';
import { useScrolledPast } from './useScrolledPast';
import './FloatingButtons.css';

/** The scroll-to-top button appears once the page is scrolled more than 300 px down. */
export const SCROLL_TOP_THRESHOLD = 300;

const iconProps = { 'aria-hidden': true, focusable: false } as const;

/**
 * The two round buttons in the bottom corners. Hidden ones are removed from the page,
 * so they are never focusable while invisible.
 */
export function FloatingButtons() {
  const { site } = useSiteData();
  const awayFromTop = useScrolledPast(0);
  const pastThreshold = useScrolledPast(SCROLL_TOP_THRESHOLD);
  const { shell } = useLanguage().words.ui;

  function scrollToTop() {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    document.querySelector<HTMLElement>('.site-header__brand')?.focus({ preventScroll: true });
  }

  return (
    <>
      {awayFromTop && (
        <a className="floating-button floating-button--chat" href={whatsappHref(site)} target="_blank" rel="noopener noreferrer">
          <MessageCircle {...iconProps} />
          <span className="visually-hidden">{shell.whatsapp}</span>
        </a>
      )}
      {pastThreshold && (
        <button type="button" className="floating-button floating-button--top" onClick={scrollToTop}>
          <ArrowUp {...iconProps} />
          <span className="visually-hidden">{shell.backToTop}</span>
        </button>
      )}
    </>
  );
}
