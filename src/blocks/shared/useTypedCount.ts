import { useEffect, useState } from 'react';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * How many characters of a typed text are visible. It starts at 0, the same on the
 * server and in the browser so hydration matches, then grows by one every msPerChar
 * after startDelayMs, until stopAt. With reduced motion it jumps straight to stopAt.
 */
export function useTypedCount(stopAt: number, msPerChar: number, startDelayMs: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (prefersReducedMotion()) {
      setCount(stopAt);
      return;
    }
    let typed = 0;
    let interval: ReturnType<typeof setInterval> | undefined;
    setCount(0);
    const start = setTimeout(() => {
      interval = setInterval(() => {
        typed += 1;
        setCount(typed);
        if (typed >= stopAt) clearInterval(interval);
      }, msPerChar);
    }, startDelayMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [stopAt, msPerChar, startDelayMs]);
  return count;
}
