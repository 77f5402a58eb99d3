import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { computeCoverage } from '@/reports/coverage.ts';
import { formatUsdExact } from '@/reports/format.ts';
import { CoverageView } from './coverage-panel.tsx';

/** The results page prints the figures of the one computation the PDF, deck and workbook print (src/reports/coverage-formats.test.ts). */
const SETTINGS: RiskProfileSettings = {
  policy: {
    limitUsd: 2_000_000,
    retentionUsd: 50_000,
    coinsuranceShare: 0,
    subLimits: { ransomware: 250_000, fundsTransferFraud: null, regulatoryFines: null },
  },
  appetiteUsd: 350_000,
};
const coverage = computeCoverage(assessRisk(SAMPLE_CLINIC_INPUT, { seed: 3, iterations: 20_000 }), SETTINGS);

test('shows every coverage figure to the dollar, the sub-limit with its caveat, and the appetite line on the curve', () => {
  render(<CoverageView coverage={coverage} />);
  const table = screen.getByRole('table', { name: /coverage gap/i });
  for (const year of coverage.badYears) {
    const row = within(table).getByRole('row', { name: new RegExp(year.label) });
    expect(within(row).getByText(formatUsdExact(year.beforeInsuranceUsd))).toBeInTheDocument();
    expect(within(row).getByText(formatUsdExact(year.uninsuredUsd))).toBeInTheDocument();
    expect(within(row).getByText(year.isAboveAppetite ? 'Above appetite' : 'Within appetite')).toBeInTheDocument();
  }
  const severe = within(table).getByRole('row', { name: /severe incident/i });
  expect(within(severe).getByText(formatUsdExact(coverage.severeIncident.uninsuredUsd))).toBeInTheDocument();
  for (const sentence of coverage.sentences) expect(screen.getByText(sentence)).toBeInTheDocument();
  expect(screen.getByText('Ransomware and extortion: $250,000', { exact: false })).toBeInTheDocument();
  expect(screen.getByText(/not modelled per scenario/)).toBeInTheDocument();
  expect(screen.getByRole('img', { name: new RegExp(`risk appetite of \\${formatUsdExact(350_000)}`) })).toBeInTheDocument();
});

test('without an appetite there is no appetite line, and the verdict column says so', () => {
  render(
    <CoverageView
      coverage={computeCoverage(assessRisk(SAMPLE_CLINIC_INPUT, { seed: 3, iterations: 20_000 }), { ...SETTINGS, appetiteUsd: null })}
    />,
  );
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getAllByText('—')).toHaveLength(2);
});
