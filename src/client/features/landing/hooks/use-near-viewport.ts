import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true (and stays true) once the element comes within `margin` of the viewport, or when
 * the page is opened at its anchor. Lets heavy parts (the form and its validation code) load
 * after the first screen, keeping the initial download small.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, isRendered: boolean, margin = '800px'): boolean {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    if (isNear || !isRendered) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, isNear, isRendered]);
  return isNear;
}
