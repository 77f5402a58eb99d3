import { useEffect, useState, type RefObject } from 'react';

/** True once the page has scrolled further than `fraction` of the element's height (spec: 70% of the header). */
export function useScrolledPast(ref: RefObject<HTMLElement | null>, fraction: number): boolean {
  const [isPast, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      setPast(window.scrollY > element.offsetHeight * fraction);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    // The first reading waits for the next frame too: read in the effect, `offsetHeight` would force
    // a layout of the freshly committed page inside the first render's task (ADR 164).
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ref, fraction]);
  return isPast;
}
