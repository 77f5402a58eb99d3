import { FRAMEWORKS } from '@/engine/frameworks.ts';
import type { FactorId } from '@/engine/factors.ts';
import { isRecord, isFiniteNumber } from './stored-values.ts';

/**
 * Reads the joint fix plan and the "required regardless of return" reasons from a stored result.
 * Both were added to the engine result after model 2.0.0 first shipped: results stored before
 * lack them, so they are read defensively here and come back as null / empty, and the reports
 * then say that no combined figure is available (ADR 220) instead of adding one-at-a-time savings.
 */

/** Why a control is required whatever its return: a framework the organisation follows, or a typical cyber-insurance application. */
export interface RequiredReasonView {
  readonly source: 'framework' | 'insurance';
  /** Plain name of who requires it: "HIPAA", "PCI DSS", "cyber insurance". */
  readonly requiredBy: string;
  readonly reason: string;
}

/** One step of the plan: the fix added, and the expected loss with it and every earlier step applied together. */
export interface FixPlanStepView {
  readonly factorId: FactorId;
  readonly name: string;
  readonly annualCostMidUsd: number;
  readonly expectedLossAfterUsd: number;
  /** Saving of this step given the earlier ones (joint run minus the previous joint run). */
  readonly stepSavingUsd: number;
  /** Saving of this and every earlier step together (one joint run). */
  readonly cumulativeSavingUsd: number;
  readonly cumulativeAnnualCostUsd: number;
  readonly required: readonly RequiredReasonView[];
}

/** The greedy plan built on joint runs: each next fix is the best given the ones before (engine, ADR 220). */
export interface FixPlanView {
  readonly expectedLossBeforeUsd: number;
  readonly expectedLossAfterUsd: number;
  readonly steps: readonly FixPlanStepView[];
}

function frameworkName(id: unknown): string {
  return FRAMEWORKS.find((f) => f.id === id)?.name ?? 'a framework the organisation follows';
}

/** The reasons of one recommendation or plan step, in plain names (empty when none were stored). */
export function readRequiredReasons(value: unknown): RequiredReasonView[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((r): RequiredReasonView[] => {
    if (typeof r.reason !== 'string') return [];
    if (r.source === 'insurance') return [{ source: 'insurance', requiredBy: 'cyber insurance', reason: r.reason }];
    if (r.source === 'framework') return [{ source: 'framework', requiredBy: frameworkName(r.framework), reason: r.reason }];
    return [];
  });
}

function readStep(value: unknown, factorName: (id: FactorId) => string): FixPlanStepView | null {
  if (!isRecord(value) || typeof value.factorId !== 'string') return null;
  const numbers = [
    value.annualCostUsd,
    value.expectedLossAfterUsd,
    value.stepSavingUsd,
    value.cumulativeSavingUsd,
    value.cumulativeAnnualCostUsd,
  ];
  if (!numbers.every(isFiniteNumber)) return null;
  const factorId = value.factorId as FactorId;
  return {
    factorId,
    name: factorName(factorId),
    annualCostMidUsd: value.annualCostUsd as number,
    expectedLossAfterUsd: value.expectedLossAfterUsd as number,
    stepSavingUsd: value.stepSavingUsd as number,
    cumulativeSavingUsd: value.cumulativeSavingUsd as number,
    cumulativeAnnualCostUsd: value.cumulativeAnnualCostUsd as number,
    required: readRequiredReasons(value.required),
  };
}

/**
 * The stored plan, or null when the result has none or it is not self-consistent (a joint saving
 * can never exceed the loss it is taken from; a plan that says otherwise is not shown).
 */
export function readFixPlan(result: unknown, factorName: (id: FactorId) => string): FixPlanView | null {
  if (!isRecord(result) || !isRecord(result.fixPlan)) return null;
  const plan = result.fixPlan;
  if (!isFiniteNumber(plan.expectedLossBeforeUsd) || !isFiniteNumber(plan.expectedLossAfterUsd) || !Array.isArray(plan.steps)) return null;
  const steps = plan.steps.map((s) => readStep(s, factorName));
  if (steps.some((s) => s === null)) return null;
  const valid = steps as FixPlanStepView[];
  const before = plan.expectedLossBeforeUsd;
  if (valid.some((s) => s.cumulativeSavingUsd > before + 1e-6 || s.expectedLossAfterUsd < 0)) return null;
  return { expectedLossBeforeUsd: before, expectedLossAfterUsd: plan.expectedLossAfterUsd, steps: valid };
}
