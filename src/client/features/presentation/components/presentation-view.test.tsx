import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { LATEST_REPORT_PATH, reportPath } from '../api/report-paths.ts';
import { PresentationView } from './presentation-view.tsx';
import { buildReportModelHere } from '@/reports/test-fixtures.ts';

const ID = '22222222-2222-4222-8222-222222222222';
const whole = buildReportModelHere({
  organisationName: 'Riverside Family Clinic',
  assessment: { id: ID, title: 'Q4', completedAt: '2026-11-20T10:00:00.000Z', authorName: 'Dana Whitfield', input: SAMPLE_CLINIC_INPUT, result: assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 5_000, attribution: true }) },
  whatChanged: null,
  generatedAt: '2026-11-22T09:30:00.000Z',
});
// What the server answers while the waterfall is being computed (ADR 129).
const pending = { ...whole, slides: whole.slides.filter((slide) => slide.id !== 'whatChanged') };

afterEach(() => vi.unstubAllGlobals());

test('ADR 129: the latest report without its waterfall is shown at once, and the whole report replaces it when it arrives', async () => {
  let sendWhole: () => void = () => {};
  const wholeSent = new Promise<void>((resolve) => (sendWhole = resolve));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === LATEST_REPORT_PATH) return json({ report: pending, whatChangedPending: true });
      if (url === reportPath(ID)) return wholeSent.then(() => json(whole));
      return new Response('{}', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PresentationView requestedId="" choices={{ items: [], isSuccess: false, isError: false }} formatChoice={(c) => c.title} onSelect={() => {}} />
    </QueryClientProvider>,
  );
  const position = async () => (await screen.findByTestId('slide-position')).textContent;
  expect(await position()).toBe(`Slide 1 of ${whole.slides.length - 1}`);
  expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toContain('Cyber risk in dollars:');
  sendWhole();
  await vi.waitFor(async () => expect(await position()).toBe(`Slide 1 of ${whole.slides.length}`));
});
