import { useEffect, useRef, type ReactNode } from 'react';

/** The result of an action: what happened, or why it did not and what to do. */
export interface Result {
  tone: 'success' | 'error';
  text: string;
}

/**
 * The result of a button, beside the button that made it: a live region that is always there
 * (so a screen reader hears what appears in it), and that takes the focus when a new result
 * arrives, so the person sees and hears it wherever the page was scrolled.
 */
export function ActionResult({ result, children }: { result: Result | undefined; children?: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) place.current?.focus();
  }, [result]);
  return (
    <div ref={place} tabIndex={-1} aria-live="polite" className="pages-result">
      {result && <p className={`desk-notice desk-notice--${result.tone}`}>{result.text}</p>}
      {children}
    </div>
  );
}
