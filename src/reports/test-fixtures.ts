import { assessRisk } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { runModelRunsHere } from './model-runs.ts';
import { buildReportModel, reportRuns, type ReportModel, type ReportSource } from './report-model.ts';
import { computeWhatChanged, type ComparedAssessment } from './what-changed.ts';

/** The sample clinic a year later: MFA in place, HIPAA risk analysis done, revenue up. */
export const CLINIC_LATER: RiskInput = {
  ...SAMPLE_CLINIC_INPUT,
  organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: 24_000_000 },
  factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'best' },
  frameworks: { ...SAMPLE_CLINIC_INPUT.frameworks, hipaa: { status: 'compliant', since: '2026-06-01' } },
};

/** A completed assessment as the server stores it (server iterations and seed, full attribution). */
export function completedAssessment(id: string, input: RiskInput, completedAt: string, seed = 1): ComparedAssessment {
  return {
    id,
    title: `Assessment ${completedAt.slice(0, 10)}`,
    completedAt,
    input,
    result: assessRisk(input, { seed, iterations: 100_000, attribution: true }),
  };
}

/** A full report source: the later clinic compared with the sample clinic. */
export function buildSampleReportSource(): ReportSource {
  const previous = completedAssessment('11111111-1111-4111-8111-111111111111', SAMPLE_CLINIC_INPUT, '2025-11-20T10:00:00.000Z');
  const current = completedAssessment('22222222-2222-4222-8222-222222222222', CLINIC_LATER, '2026-11-20T10:00:00.000Z');
  return {
    organisationName: 'Riverside Family Clinic',
    assessment: { ...current, authorName: 'Dana Whitfield' },
    whatChanged: computeWhatChanged(previous, current),
    generatedAt: '2026-11-22T09:30:00.000Z',
  };
}

/** The report model with its engine runs on this thread (model-runs.ts); the server runs them on its engine pool. */
export function buildReportModelHere(source: ReportSource): ReportModel {
  const { input, result } = source.assessment;
  return buildReportModel(source, runModelRunsHere(reportRuns(input, result, source.riskProfile ?? null)));
}
