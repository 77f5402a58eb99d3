import { prefetchPresentationReport } from '@/client/features/presentation/api/report-paths.ts';
import { prefetchGet } from '@/client/lib/prefetch.ts';
import { gatedContentModule, presentationPageModule } from './page-modules.ts';

/**
 * The two-factor status every signed-in page's gate asks for (`MFA_STATUS_QUERY_KEY` of
 * features/mfa; not imported here: this module is in the entry chunk, that one carries zod).
 */
export const MFA_STATUS_PATH = '/api/mfa/status';

/**
 * Starts what /presentation needs before it is rendered (ADR 125): the page's code and the report
 * it opens with (`search` is the page's query string: `?id=` or the latest). Used when the pointer
 * or focus reaches its link in the navigation (the page's files are usually cached by then).
 */
export function preloadPresentation(search = ''): void {
  void presentationPageModule.load();
  // The two-factor gate every signed-in page sits behind (already loaded after the first page).
  void gatedContentModule.load();
  prefetchPresentationReport(search);
}

/**
 * /presentation opened directly with the session hint, from the entry before the first render
 * (ADR 126): the gate's status request and the page's code start with the session check instead of
 * after it (the gate takes the status once, and only when the session check found a user:
 * `GatedContent`; a refused or old one is asked again); the report once the session check has found
 * a user, not before: one server sends the report and the page's files, and a report being computed
 * (four engine runs, ADR 125) holds up every file asked for meanwhile over the browser's six
 * connections. A stale hint (no user) asks for no report.
 */
export function preloadPresentationDirect(search: string, sessionChecked: Promise<unknown>): void {
  prefetchGet(MFA_STATUS_PATH);
  void presentationPageModule.load();
  void gatedContentModule.load();
  void sessionChecked.then((user) => {
    if (user) prefetchPresentationReport(search);
  });
}
