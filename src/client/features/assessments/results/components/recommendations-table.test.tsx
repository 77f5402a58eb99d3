import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { formatUsd } from '../../shared/lib/format.ts';
import { RecommendationsTable } from './recommendations-table.tsx';

const clinic = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 50_000, seed: 1 });

describe('RecommendationsTable', () => {
  test('the clinic never reads MFA as "not worth it": it is listed as required, with the HIPAA reason', () => {
    render(
      <RecommendationsTable
        recommendations={clinic.recommendations}
        notWorthIt={clinic.recommendationsNotWorthIt}
        requiredControls={clinic.requiredControls}
        fixPlan={clinic.fixPlan}
      />,
    );
    const mfaIsAFix = (clinic.recommendations ?? []).some((r) => r.factorId === 'M3');
    const section = mfaIsAFix ? screen.getByRole('table', { name: /ranked by return/ }) : screen.getByTestId('required-anyway');
    const row = within(section).getByRole('rowheader', { name: /MFA and access control/ });
    expect(row).toHaveTextContent(/Required: HIPAA Security Rule requires/);
    expect(row).toHaveTextContent(/Required: A typical cyber-insurance application requires multi-factor login/);
    const notWorthIt = screen.queryByTestId('not-worth-it');
    if (notWorthIt !== null) {
      expect(within(notWorthIt).queryByText(/MFA and access control/)).toBeNull();
      expect(within(notWorthIt).queryByText(/^Required:/)).toBeNull();
    }
  });

  test("the plan states the joint saving, cost and loss after, from the engine's plan", () => {
    const plan = clinic.fixPlan;
    if (plan === null || plan.steps.length === 0) throw new Error('the clinic sample should have at least one fix that pays for itself');
    render(<RecommendationsTable recommendations={clinic.recommendations} notWorthIt={clinic.recommendationsNotWorthIt} fixPlan={plan} />);
    const section = screen.getByTestId('fix-plan');
    expect(section).toHaveTextContent(
      `from ${formatUsd(plan.expectedLossBeforeUsd)} to ${formatUsd(plan.expectedLossAfterUsd)} a year: ${formatUsd(plan.totalSavingUsd)} saved for ${formatUsd(plan.totalAnnualCostUsd)} a year`,
    );
    const rows = within(within(section).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(plan.steps.length);
    expect(rows[0]).toHaveTextContent(plan.steps[0]?.factorName ?? '');
  });

  test('a result stored before the plan and the required reasons still renders its lists', () => {
    const strip = (list: typeof clinic.recommendations) =>
      (list ?? []).map(({ required: _required, ...r }) => r) as unknown as NonNullable<typeof clinic.recommendations>;
    render(<RecommendationsTable recommendations={strip(clinic.recommendations)} notWorthIt={strip(clinic.recommendationsNotWorthIt)} />);
    expect(screen.queryByTestId('fix-plan')).toBeNull();
    expect(screen.queryByTestId('required-anyway')).toBeNull();
    expect(screen.getByTestId('not-worth-it')).toBeInTheDocument();
  });
});
