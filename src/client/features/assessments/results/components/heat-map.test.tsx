import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { assessRisk, DEFAULT_SEED } from '@/engine/assess-risk.ts';
import { computePostureFigures } from '@/engine/compute-posture-figures.ts';
import { withAnswers } from '@/engine/posture-figures.ts';
import { createUniformAnswers, REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { runPostures } from '../lib/run-postures.ts';
import type { PostureRequest, PostureResponse } from '../workers/posture-messages.ts';
import { ResultHeatMap } from './heat-map.tsx';
import { ResultsView } from './results-view.tsx';
import { SampleHeatMap } from './sample-heat-map.tsx';

/** Every request the heat map sent to its worker, in order. */
const requests: PostureRequest[] = [];

/** The heat-map worker, run in-process: the same request handler the real worker calls. */
class InProcessWorker {
  onmessage: ((event: MessageEvent<PostureResponse>) => void) | null = null;
  postMessage(request: PostureRequest): void {
    requests.push(request);
    setTimeout(() => this.onmessage?.({ data: runPostures(request) } as MessageEvent<PostureResponse>), 0);
  }
  terminate(): void {}
}

const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const SETTINGS = { seed: 1, iterations: 100_000 };

/** The heat map's data-table row of a posture: [likelihood, impact per event, expected annual loss, cell]. */
async function heatMapRow(label: string | RegExp): Promise<string[]> {
  const table = await screen.findByRole('table', { name: /Likelihood and impact of each posture/ });
  const header = await within(table).findByRole('rowheader', { name: label }, { timeout: 10_000 });
  const row = header.closest('tr') as HTMLTableRowElement;
  return [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('Worker', InProcessWorker);
});
afterEach(() => vi.unstubAllGlobals());

describe('the heat map reads the same engine result as the results page (ADR 215)', () => {
  const result = assessRisk(SAMPLE_CLINIC_INPUT, { ...SETTINGS, attribution: true });

  test('the clinic: its marker equals the headline to the dollar; peer, best, worst and the top fixes are engine runs on the same years', async () => {
    render(<ResultsView result={result} input={SAMPLE_CLINIC_INPUT} />);
    const [, impact, annual] = await heatMapRow('Your organisation today');
    // To the dollar: the same engine figure the headline card rounds.
    expect(impact).toBe(wholeUsd.format(result.costIfItHappens.percentilesUsd.p50));
    expect(annual).toBe(wholeUsd.format(result.annualLoss.expectedUsd));
    expect(screen.getByTestId('cost-if-it-happens').textContent).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(
        result.costIfItHappens.percentilesUsd.p50,
      ),
    );
    // The marker's words carry the headline cards' own text.
    const marker = within(screen.getByRole('list', { name: 'Markers on the heat map' })).getByText(/^Your organisation today:/);
    expect(marker.textContent).toContain(`(${screen.getByTestId('probability').textContent})`);
    expect(marker.textContent).toContain(`(${screen.getByTestId('cost-if-it-happens').textContent})`);

    const runOn = (factors: RiskInput['factors']) =>
      assessRisk(withAnswers(SAMPLE_CLINIC_INPUT, factors), { ...SETTINGS, attribution: false });
    const anchors = {
      average: result.riskScore.averageAleUsd,
      best: result.riskScore.allBestAleUsd,
      worst: result.riskScore.allWorstAleUsd,
    };
    for (const [label, answer, anchor] of [
      ['Average peer (same size and industry)', 'partial', anchors.average],
      ['Every control at its best', 'best', anchors.best],
      ['Every answer at its worst', 'worst', anchors.worst],
    ] as const) {
      const direct = runOn(createUniformAnswers(answer));
      const [, rowImpact, rowAnnual] = await heatMapRow(label);
      expect(rowImpact).toBe(wholeUsd.format(direct.costIfItHappens.percentilesUsd.p50));
      expect(rowAnnual).toBe(wholeUsd.format(direct.annualLoss.expectedUsd));
      // The score bands' 0 / 50 / 100 anchors are the same runs' expected losses.
      expect(rowAnnual).toBe(wholeUsd.format(anchor));
    }

    const top = (result.recommendations ?? []).slice(0, 3);
    expect(top.length).toBeGreaterThan(0);
    const improved = runOn({ ...result.factorAnswers, ...Object.fromEntries(top.map((r) => [r.factorId, 'best'])) });
    const [, topImpact, topAnnual] = await heatMapRow(/^After the top \d recommendations$/);
    expect(topImpact).toBe(wholeUsd.format(improved.costIfItHappens.percentilesUsd.p50));
    expect(topAnnual).toBe(wholeUsd.format(improved.annualLoss.expectedUsd));
  }, 30_000);

  test('every axis and column names its unit of time: annual or per event', async () => {
    render(<ResultsView result={result} input={SAMPLE_CLINIC_INPUT} />);
    const table = await screen.findByRole('table', { name: /Likelihood and impact of each posture/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    expect(headers.slice(1, 4)).toEqual([
      'Likelihood: chance of a loss event (annual)',
      'Impact: median cost of one event (per event)',
      'Expected loss (annual)',
    ]);
    const markers = await screen.findByRole('list', { name: 'Markers on the heat map' });
    for (const item of within(markers).getAllByRole('listitem')) {
      expect(item.textContent).toMatch(/chance of a loss event in a year/);
      expect(item.textContent).toMatch(/median cost of one event/);
      expect(item.textContent).toMatch(/a year$/);
    }
  }, 30_000);
});

test('the heat-map demo: the clinic and every reference profile are engine runs with the assessment demo seed and years', async () => {
  render(<SampleHeatMap />);
  const demo = { seed: DEFAULT_SEED, iterations: 100_000 };
  const clinic = computePostureFigures(SAMPLE_CLINIC_INPUT, demo);
  const [, clinicImpact, clinicAnnual] = await heatMapRow('Riverside Family Clinic (sample), 120 staff');
  expect(clinicImpact).toBe(wholeUsd.format(clinic.medianCostPerEventUsd));
  expect(clinicAnnual).toBe(wholeUsd.format(clinic.expectedAnnualLossUsd));
  for (const profile of REFERENCE_PROFILES) {
    const direct = assessRisk(profile.input, { ...demo, attribution: false });
    const [, impact, annual] = await heatMapRow(profile.label);
    expect(impact).toBe(wholeUsd.format(direct.costIfItHappens.percentilesUsd.p50));
    expect(annual).toBe(wholeUsd.format(direct.annualLoss.expectedUsd));
  }
}, 30_000);

test('during a what-if only the postures that depend on the answers run again; the others are kept', async () => {
  const saved = assessRisk(SAMPLE_CLINIC_INPUT, { ...SETTINGS, attribution: true });
  const changedInput = { ...SAMPLE_CLINIC_INPUT, factors: { ...saved.factorAnswers, M2: 'best' as const } };
  const changed = assessRisk(changedInput, { ...SETTINGS, attribution: true });
  const profile = { organisation: SAMPLE_CLINIC_INPUT.organisation, frameworks: SAMPLE_CLINIC_INPUT.frameworks, asOfDate: undefined };
  const view = render(<ResultHeatMap result={saved} profile={profile} />);
  await heatMapRow('Every answer at its worst');
  expect(requests).toHaveLength(1);
  expect(requests[0]?.postures).toHaveLength(4);
  view.rerender(<ResultHeatMap result={changed} profile={profile} />);
  const [, impact] = await heatMapRow(/^After the top \d recommendations$/);
  const top = (changed.recommendations ?? []).slice(0, 3);
  const improved = assessRisk(
    { ...changedInput, factors: { ...changed.factorAnswers, ...Object.fromEntries(top.map((r) => [r.factorId, 'best'])) } },
    { ...SETTINGS, attribution: false },
  );
  expect(impact).toBe(wholeUsd.format(improved.costIfItHappens.percentilesUsd.p50));
  expect(requests).toHaveLength(2);
  expect(requests[1]?.postures).toHaveLength(1);
}, 30_000);

test('without a worker the map still shows the result itself and says why the comparisons are missing', async () => {
  vi.stubGlobal('Worker', undefined);
  const result = assessRisk(SAMPLE_CLINIC_INPUT, { ...SETTINGS, attribution: false });
  render(
    <ResultHeatMap
      result={result}
      profile={{ organisation: SAMPLE_CLINIC_INPUT.organisation, frameworks: SAMPLE_CLINIC_INPUT.frameworks, asOfDate: undefined }}
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(/comparison postures could not be computed/);
  const [, impact] = await heatMapRow('Your organisation today');
  expect(impact).toBe(wholeUsd.format(result.costIfItHappens.percentilesUsd.p50));
});
