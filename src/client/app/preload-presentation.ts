import { prefetchPresentationReport } from '@/client/features/presentation/api/get-report.ts';

/**
 * Starts what /presentation needs before it is rendered (ADR 125): the page's code and the report
 * it opens with (`search` is the page's query string: `?id=` or the latest). Used when the page is
 * opened directly and when the pointer or focus reaches its link in the navigation.
 */
export function preloadPresentation(search = ''): void {
  void import('./routes/presentation-page.tsx');
  // The two-factor gate every signed-in page sits behind (already loaded after the first page).
  void import('./layout/gated-content.tsx');
  prefetchPresentationReport(search);
}
