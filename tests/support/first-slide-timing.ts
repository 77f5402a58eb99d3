import type { Page } from '@playwright/test';

/**
 * Records, inside the page, when the first slide's title is first in the DOM and when the frame
 * showing it is painted (the next animation frame), in ms since navigation start. Playwright's own
 * clock around `expect(...).toBeVisible()` polls (100 ms, 250 ms, 500 ms, then every second), so
 * it can overstate "first slide on screen" by up to a second. Call before `page.goto`.
 */
export async function watchFirstSlide(page: Page, titlePrefix: string): Promise<void> {
  // A string, not a function: tools that add helpers to compiled functions (tsx's __name) would
  // break a serialized function in the page.
  await page.addInitScript(`(() => {
    const prefix = ${JSON.stringify(titlePrefix)};
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('article[aria-roledescription="slide"] h2');
      if (!heading || !heading.textContent || !heading.textContent.startsWith(prefix)) return;
      observer.disconnect();
      const inDom = performance.now();
      requestAnimationFrame(() => { window.__firstSlide = { inDom, painted: performance.now() }; });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`);
}

/** The figures recorded by watchFirstSlide, and every request of the load (start → end, ms since navigation start). */
export async function readFirstSlideTiming(page: Page): Promise<{ inDomMs: number; paintedMs: number; timeline: string }> {
  await page.waitForFunction(() => (window as unknown as { __firstSlide?: unknown }).__firstSlide !== undefined);
  return page.evaluate(() => {
    const first = (window as unknown as { __firstSlide: { inDom: number; painted: number } }).__firstSlide;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const rows = performance
      .getEntriesByType('resource')
      .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: (r as PerformanceResourceTiming).responseEnd }))
      .filter((r) => r.start < first.painted);
    if (nav) rows.unshift({ name: 'document', start: 0, end: nav.responseEnd }, { name: 'DOMContentLoaded', start: nav.domContentLoadedEventStart, end: nav.domContentLoadedEventEnd });
    const timeline = [...rows.map((r) => `  ${Math.round(r.start)}→${Math.round(r.end)} ${r.name}`), `  ${Math.round(first.inDom)} first slide in the DOM, ${Math.round(first.painted)} painted`].join('\n');
    return { inDomMs: first.inDom, paintedMs: first.painted, timeline };
  });
}
