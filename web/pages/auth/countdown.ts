import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAtMs`, never negative; a started second counts as left. */
export function secondsLeft(endsAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endsAtMs - nowMs) / 1000));
}

/** A countdown that starts at `seconds` on mount and again on `restart`. */
export function useCountdown(seconds: number): { left: number; restart: () => void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const tick = () => {
      const remaining = secondsLeft(endsAt, Date.now());
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 250);
    tick();
    return () => window.clearInterval(timer);
  }, [endsAt]);
  const restart = useCallback(() => setEndsAt(Date.now() + seconds * 1000), [seconds]);
  return { left, restart };
}
