import { ApiError } from './api-client.ts';
import { reportClientError } from './client-error-report.ts';

/**
 * Errors the error screen never sees (ADR 281 covers rendering): a throw in an event handler or a
 * timer, a rejected promise nobody awaited. They are reported to the server as `uncaught`, so an
 * operator learns of a broken button even when no user writes in. Not reported: API errors (the
 * server logged them already and the page shows their message), cross-origin "Script error." events
 * that carry no error (an extension's, nothing to act on), the browser's benign ResizeObserver
 * notice, and repeats: each message once, at most REPORTS_PER_PAGE per page load.
 */
export const REPORTS_PER_PAGE = 5;
const BENIGN = /^ResizeObserver loop/;

type Report = (error: unknown, path: string, outsideRendering: boolean) => Promise<unknown>;

/** Listens on `target`; returns the function that stops listening. */
export function reportUncaughtErrors(target: Window = window, report: Report = reportClientError): () => void {
  const sent = new Set<string>();
  const send = (error: unknown) => {
    if (error === undefined || error === null || error instanceof ApiError) return;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (BENIGN.test(error instanceof Error ? error.message : message) || sent.has(message) || sent.size >= REPORTS_PER_PAGE) return;
    sent.add(message);
    void report(error, target.location.pathname, true);
  };
  const onError = (event: ErrorEvent) => send(event.error);
  const onRejection = (event: PromiseRejectionEvent) => send(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
