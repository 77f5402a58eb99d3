import { useEffect, useState } from 'react';

/** Cycles 0..count-1 every intervalMs while not paused. */
export function useRotatingIndex(count: number, intervalMs: number, isPaused: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (isPaused || count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, isPaused]);
  return index;
}
