import type { FactorChange, FrameworkChange, MonitoringTrend, TrendPoint, TrendStep } from '@/contracts/monitoring.ts';
import { FACTORS } from '@/engine/factors.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { CompletedHeadline } from '../../db/repositories/assessments.ts';

const PROFILE_FIELDS: { key: keyof RiskInput['organisation']; label: string }[] = [
  { key: 'industry', label: 'Industry' },
  { key: 'employees', label: 'Employees' },
  { key: 'annualRevenueUsd', label: 'Annual revenue' },
  { key: 'records', label: 'Records held' },
  { key: 'holdsEuResidentsData', label: 'EU residents’ data' },
  { key: 'holdsCaliforniaResidentsData', label: 'California residents’ data' },
  { key: 'isPubliclyTraded', label: 'Publicly traded' },
];

function factorChanges(from: CompletedHeadline, to: CompletedHeadline): FactorChange[] {
  return FACTORS.flatMap((factor) => {
    const before = from.factorAnswers[factor.id];
    const after = to.factorAnswers[factor.id];
    return before && after && before !== after ? [{ factorId: factor.id, factorName: factor.name, from: before, to: after }] : [];
  });
}

function frameworkChanges(from: CompletedHeadline, to: CompletedHeadline): FrameworkChange[] {
  return FRAMEWORKS.flatMap((framework) => {
    const before = from.input.frameworks?.[framework.id]?.status ?? 'notApplicable';
    const after = to.input.frameworks?.[framework.id]?.status ?? 'notApplicable';
    return before !== after ? [{ frameworkId: framework.id, frameworkName: framework.name, from: before, to: after }] : [];
  });
}

function profileChanges(from: CompletedHeadline, to: CompletedHeadline): string[] {
  return PROFILE_FIELDS.filter(({ key }) => JSON.stringify(from.input.organisation?.[key] ?? null) !== JSON.stringify(to.input.organisation?.[key] ?? null)).map(
    ({ label }) => label,
  );
}

/**
 * The trend of the stored results, oldest first, and the step from each assessment to the next:
 * the dollar difference and the answers that changed. A change of model version is marked so a
 * move caused by the model is not read as a change in the organisation.
 */
export function buildTrend(completed: readonly CompletedHeadline[]): MonitoringTrend {
  const points: TrendPoint[] = completed.map((assessment, index) => {
    const previous = index > 0 ? completed[index - 1] : undefined;
    return {
      assessmentId: assessment.id,
      title: assessment.title,
      completedAt: assessment.completedAt.toISOString(),
      engineVersion: assessment.engineVersion,
      modelChanged: previous !== undefined && previous.engineVersion !== assessment.engineVersion,
      aleUsd: assessment.aleUsd,
      probabilityOfAnyEvent: assessment.probabilityOfAnyEvent,
      p95Usd: assessment.p95Usd,
      score: assessment.score,
      band: assessment.band,
    };
  });
  const steps: TrendStep[] = [];
  for (let index = 1; index < completed.length; index++) {
    const from = completed[index - 1] as CompletedHeadline;
    const to = completed[index] as CompletedHeadline;
    steps.push({
      fromAssessmentId: from.id,
      toAssessmentId: to.id,
      aleDeltaUsd: to.aleUsd - from.aleUsd,
      p95DeltaUsd: to.p95Usd - from.p95Usd,
      scoreDelta: to.score - from.score,
      modelChanged: from.engineVersion !== to.engineVersion,
      factorChanges: factorChanges(from, to),
      frameworkChanges: frameworkChanges(from, to),
      profileChanges: profileChanges(from, to),
    });
  }
  return { points, steps };
}
