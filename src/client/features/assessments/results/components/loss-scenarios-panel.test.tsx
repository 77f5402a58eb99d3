import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { formatPercent, formatUsd } from '../../shared/lib/format.ts';
import { LossScenariosPanel } from './loss-scenarios-panel.tsx';
import { UncertaintyRange } from './uncertainty-range.tsx';

const clinic = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 50_000, seed: 1 });
const withUnknowns = assessRisk(
  { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'unknown', A1: 'unknown' } },
  { iterations: 20_000, seed: 1 },
);

/** The clinic as stored by model 2.0.0: no scenarios, no ranges. */
function storedBefore3(result: RiskResult): RiskResult {
  const { lossScenarios: _s, parameterUncertainty: _p, unknownAnswersRangeUsd: _u, ...rest } = result;
  return { ...rest, engineVersion: '2.0.0' } as unknown as RiskResult;
}

describe('LossScenariosPanel', () => {
  test('lists each scenario with its expected loss, share, chance this year and cost per incident, largest first', () => {
    render(<LossScenariosPanel result={clinic} />);
    const panel = screen.getByRole('region', { name: 'Where the loss comes from' });
    const rows = within(within(panel).getAllByRole('table')[0]!).getAllByRole('row').slice(1);
    const expected = [...clinic.lossScenarios].sort((a, b) => b.expectedAnnualLossUsd - a.expectedAnnualLossUsd);
    expect(rows).toHaveLength(5);
    expected.forEach((s, i) => {
      const cells = within(rows[i]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
      expect(within(rows[i]!).getByRole('rowheader')).toHaveTextContent(s.label);
      expect(cells).toEqual([
        formatUsd(s.expectedAnnualLossUsd),
        formatPercent(s.share),
        formatPercent(s.annualProbability),
        formatUsd(s.medianCostIfItHappensUsd),
        formatUsd(s.p95CostIfItHappensUsd),
      ]);
    });
  });

  test("shows the top fixes' savings by scenario when the result splits them", () => {
    render(<LossScenariosPanel result={clinic} />);
    const split = (clinic.recommendations ?? [])
      .slice(0, 3)
      .filter((r) => Array.isArray(r.savingByScenario) && r.savingByScenario.length > 0);
    const tables = screen.getAllByRole('table');
    if (split.length === 0) {
      expect(tables).toHaveLength(1);
      return;
    }
    const fixes = tables[1]!;
    for (const fix of split) {
      const row = within(fixes).getByRole('rowheader', { name: fix.factorName }).closest('tr')!;
      const largest = [...fix.savingByScenario!].sort((a, b) => b.annualLossReductionUsd - a.annualLossReductionUsd)[0]!;
      if (largest.annualLossReductionUsd > 0) expect(row).toHaveTextContent(formatUsd(largest.annualLossReductionUsd));
    }
  });

  test('a result stored before model 3.0 shows no panel', () => {
    const { container } = render(<LossScenariosPanel result={storedBefore3(clinic)} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('UncertaintyRange', () => {
  test('shows the parameter range of the expected loss and of the 1-in-20 and 1-in-100 year; precision only as a detail', () => {
    render(<UncertaintyRange result={clinic} />);
    const u = clinic.parameterUncertainty;
    if (u === undefined) throw new Error('a run with attribution carries the parameter ranges');
    const line = screen.getByTestId('parameter-range');
    for (const r of [u.expectedAnnualLossUsd, u.oneInTwentyYearUsd, u.oneInHundredYearUsd])
      expect(line).toHaveTextContent(`${formatUsd(r.low)} to ${formatUsd(r.high)}`);
    expect(line).not.toHaveTextContent('±');
    expect(screen.getByText('Simulation precision').closest('details')).not.toHaveAttribute('open');
    expect(screen.getByTestId('simulation-precision')).toHaveTextContent(`±${formatUsd(1.96 * clinic.annualLoss.standardErrorUsd)}`);
    expect(screen.queryByTestId('unknown-answers-range')).toBeNull();
  });

  test('the "I don\'t know" answers get their own range', () => {
    const range = withUnknowns.unknownAnswersRangeUsd;
    if (range === undefined) throw new Error('unknown answers carry a range');
    render(<UncertaintyRange result={withUnknowns} />);
    expect(screen.getByTestId('unknown-answers-range')).toHaveTextContent(
      `${formatUsd(range.low)} a year with every one of them at best practice, ${formatUsd(range.high)}`,
    );
  });

  test('a result without ranges shows only the precision detail', () => {
    render(<UncertaintyRange result={storedBefore3(clinic)} />);
    expect(screen.queryByTestId('parameter-range')).toBeNull();
    expect(screen.queryByTestId('unknown-answers-range')).toBeNull();
    expect(screen.getByTestId('simulation-precision')).toBeInTheDocument();
  });
});
