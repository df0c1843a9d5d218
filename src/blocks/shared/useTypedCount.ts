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
    let timer: ReturnType<typeof setTimeout>;
    const tick = () =>
      setCount((previous) => {
        const next = Math.min(previous + 1, stopAt);
        if (next < stopAt) timer = setTimeout(tick, msPerChar);
        return next;
      });
    setCount(0);
    timer = setTimeout(tick, startDelayMs + msPerChar);
    return () => clearTimeout(timer);
  }, [stopAt, msPerChar, startDelayMs]);
  return count;
}
