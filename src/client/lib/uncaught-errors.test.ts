import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { REPORTS_PER_PAGE, reportUncaughtErrors } from './uncaught-errors.ts';

function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('reportUncaughtErrors', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('reports a throw outside rendering and a promise nobody awaited, as uncaught, with the page path', () => {
    const report = vi.fn(async () => null);
    stop = reportUncaughtErrors(window, report);
    const thrown = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: thrown.message }));
    window.dispatchEvent(rejection(new Error('save failed')));
    expect(report.mock.calls).toEqual([
      [thrown, window.location.pathname, true],
      [expect.objectContaining({ message: 'save failed' }), window.location.pathname, true],
    ]);
  });

  it('leaves out API errors, errors without an error object, the ResizeObserver notice and repeats', () => {
    const report = vi.fn(async () => null);
    stop = reportUncaughtErrors(window, report);
    window.dispatchEvent(rejection(new ApiError(409, 'Conflict', 'Conflict')));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('ResizeObserver loop completed with undelivered notifications.') }));
    window.dispatchEvent(rejection(new Error('same')));
    window.dispatchEvent(rejection(new Error('same')));
    expect(report).toHaveBeenCalledTimes(1);
  });

  it(`sends at most ${REPORTS_PER_PAGE} reports per page and stops listening when asked`, () => {
    const report = vi.fn(async () => null);
    stop = reportUncaughtErrors(window, report);
    for (let i = 0; i < REPORTS_PER_PAGE + 3; i += 1) window.dispatchEvent(rejection(new Error(`fault ${i}`)));
    expect(report).toHaveBeenCalledTimes(REPORTS_PER_PAGE);
    stop();
    stop = () => {};
    window.dispatchEvent(rejection(new Error('after')));
    expect(report).toHaveBeenCalledTimes(REPORTS_PER_PAGE);
  });
});
