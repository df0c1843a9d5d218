import { useEffect, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';

const URL_DELAY_MS = 400;

/**
 * Keeps a calculator's answers in the page's address, so it can be shared or reopened as
 * it is: each key is set to its answer, or removed when it has none. Written a moment after
 * the last change, replacing the history entry, so Back still leaves the page; only once
 * the visitor has changed something, so an ordinary visit keeps a clean address.
 */
export function useAnswersInAddress<T extends { [Key in keyof T]: string | number | undefined }>(
  answers: T,
  changedByVisitor: RefObject<boolean>,
) {
  const [, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (!changedByVisitor.current) return;
    const timer = setTimeout(() => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries<string | number | undefined>(answers)) {
            if (value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [answers, changedByVisitor, setSearchParams]);
}
