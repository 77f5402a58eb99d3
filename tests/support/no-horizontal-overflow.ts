import { expect, type Page } from '@playwright/test';

export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * Asserts that the page does not scroll sideways at its current viewport (use PHONE_VIEWPORT):
 * the document is no wider than the window, and no visible element sticks out past the right
 * edge (elements inside a horizontal scroll container, such as a wide table in `overflow-x-auto`,
 * are allowed: they scroll within their box, not the page). Names the offenders on failure.
 */
export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const insideScroller = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (getComputedStyle(el).position === 'fixed') continue;
      if (rect.right > width + 1 && !insideScroller(el)) {
        const id = el.id ? `#${el.id}` : '';
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
        const landmark = el.closest('[aria-labelledby],[id]');
        const where = landmark && landmark !== el ? ` in ${landmark.tagName.toLowerCase()}#${landmark.id || landmark.getAttribute('aria-labelledby')}` : '';
        offenders.push(`${el.tagName.toLowerCase()}${id}${cls}${where} right=${Math.round(rect.right)}`);
      }
    }
    return { width, scrollWidth, offenders: offenders.slice(0, 8) };
  });
  expect(report.scrollWidth, `${label}: page is ${report.scrollWidth}px wide in a ${report.width}px window; offenders: ${report.offenders.join('; ')}`).toBeLessThanOrEqual(report.width);
  expect(report.offenders, `${label}: elements past the right edge`).toEqual([]);
}
