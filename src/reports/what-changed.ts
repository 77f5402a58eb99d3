import { assessRisk } from '@/engine/assess-risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { FACTORS } from '@/engine/factors.ts';
import type { FactorAnswer } from '@/engine/factors.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import type { FrameworkStatus } from '@/engine/frameworks.ts';
import { getIndustry } from '@/engine/industries.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatUsdExact } from './format.ts';
import { readResult, type ResultView } from './read-result.ts';

/** One completed assessment as the waterfall needs it. */
export interface ComparedAssessment {
  readonly id: string;
  readonly title: string;
  readonly completedAt: string;
  readonly input: RiskInput;
  readonly result: RiskResult;
}

type WaterfallStepId = 'model' | 'factors' | 'frameworks' | 'profile' | 'storedModel';

/** One bar of the waterfall: the change of the expected annual loss when one group of inputs moves from old to new. */
export interface WaterfallStep {
  readonly id: WaterfallStepId;
  readonly label: string;
  readonly fromUsd: number;
  readonly toUsd: number;
  readonly deltaUsd: number;
  /** What changed in this group, in plain words (empty when nothing changed). */
  readonly changes: readonly string[];
}

export interface WhatChanged {
  readonly previous: {
    readonly id: string;
    readonly title: string;
    readonly completedAt: string;
    readonly aleUsd: number;
    readonly engineVersion: string;
  };
  readonly current: {
    readonly id: string;
    readonly title: string;
    readonly completedAt: string;
    readonly aleUsd: number;
    readonly engineVersion: string;
  };
  readonly steps: readonly WaterfallStep[];
  /** current ALE - previous ALE (= the sum of the steps). */
  readonly totalDeltaUsd: number;
  /** Seed and simulated years of every re-run (the current assessment's). */
  readonly seed: number;
  readonly iterations: number;
}

const ANSWER_WORDS: { readonly [A in FactorAnswer]: string } = {
  best: 'best',
  partial: 'partial',
  worst: 'worst',
  notApplicable: 'not applicable',
  unknown: 'not known',
};
const STATUS_WORDS: { readonly [S in FrameworkStatus]: string } = {
  notApplicable: 'not applicable',
  notStarted: 'not started',
  inProgress: 'in progress',
  compliant: 'compliant',
  unknown: 'not known',
};

function describeFactorChanges(before: RiskInput, after: RiskInput): string[] {
  const changes: string[] = [];
  for (const factor of FACTORS) {
    const was = before.factors[factor.id];
    const now = after.factors[factor.id];
    if (was === now) continue;
    changes.push(`${factor.id} ${factor.name}: ${was ? ANSWER_WORDS[was] : 'not answered'} → ${now ? ANSWER_WORDS[now] : 'not answered'}`);
  }
  return changes;
}

function describeFrameworkChanges(before: RiskInput, after: RiskInput): string[] {
  const changes: string[] = [];
  for (const framework of FRAMEWORKS) {
    const was = before.frameworks[framework.id];
    const now = after.frameworks[framework.id];
    const wasText = was ? STATUS_WORDS[was.status] : 'not applicable';
    const nowText = now ? STATUS_WORDS[now.status] : 'not applicable';
    if (
      wasText === nowText &&
      (was?.since ?? null) === (now?.since ?? null) &&
      JSON.stringify(was?.nistCsfTiers ?? null) === JSON.stringify(now?.nistCsfTiers ?? null)
    )
      continue;
    changes.push(`${framework.name}: ${wasText} → ${nowText}${now?.since && now.since !== was?.since ? ` (since ${now.since})` : ''}`);
  }
  if ((before.asOfDate ?? null) !== (after.asOfDate ?? null))
    changes.push(`Evidence dated as of ${after.asOfDate ?? 'no date'} (was ${before.asOfDate ?? 'no date'})`);
  return changes;
}

function describeProfileChanges(before: RiskInput, after: RiskInput): string[] {
  const a = before.organisation;
  const b = after.organisation;
  const changes: string[] = [];
  if (a.annualRevenueUsd !== b.annualRevenueUsd)
    changes.push(`Annual revenue ${formatUsdExact(a.annualRevenueUsd)} → ${formatUsdExact(b.annualRevenueUsd)}`);
  if (a.employees !== b.employees)
    changes.push(`Employees ${a.employees.toLocaleString('en-US')} → ${b.employees.toLocaleString('en-US')}`);
  if (a.industry !== b.industry) changes.push(`Industry ${getIndustry(a.industry).label} → ${getIndustry(b.industry).label}`);
  const recordNames = {
    personal: 'Personal records',
    health: 'Health records',
    paymentCard: 'Payment card records',
    consumerFinancial: 'Consumer financial records',
  } as const;
  for (const key of Object.keys(recordNames) as (keyof typeof recordNames)[]) {
    if (a.records[key] !== b.records[key])
      changes.push(`${recordNames[key]} ${a.records[key].toLocaleString('en-US')} → ${b.records[key].toLocaleString('en-US')}`);
  }
  const flags = {
    holdsEuResidentsData: 'Holds EU residents’ data',
    holdsCaliforniaResidentsData: 'Holds California residents’ data',
    isPubliclyTraded: 'Publicly traded',
  } as const;
  for (const key of Object.keys(flags) as (keyof typeof flags)[]) {
    if (a[key] !== b[key]) changes.push(`${flags[key]}: ${a[key] ? 'yes' : 'no'} → ${b[key] ? 'yes' : 'no'}`);
  }
  if (JSON.stringify(before.insurance ?? null) !== JSON.stringify(after.insurance ?? null))
    changes.push('Insurance policy changed (moves the net loss, not the expected loss before insurance)');
  return changes;
}

/** The input with the evidence date replaced (or removed: no date means dates are not checked). */
function withAsOfDate(input: RiskInput, asOfDate: string | undefined): RiskInput {
  const copy: { -readonly [K in keyof RiskInput]: RiskInput[K] } = { ...input };
  if (asOfDate === undefined) delete copy.asOfDate;
  else copy.asOfDate = asOfDate;
  return copy;
}

/**
 * The dollar waterfall from the previous assessment's expected annual loss to the current one
 *. Every intermediate value is a fresh run of the engine with the current
 * assessment's seed and simulated years, changing one group of inputs at a time, in a fixed
 * order: model version (and seed), factor answers, framework status, organisation profile.
 * Common random numbers make each step the effect of that group alone, not simulation noise.
 * Order matters (the model is not additive); the order is part of the method and stated.
 */
function* waterfall(previous: ComparedAssessment, current: ComparedAssessment): Generator<EngineRun, WhatChanged, number> {
  const before = readResult(previous.result);
  const after = readResult(current.result);
  // Every re-run uses the stored years of the current result: an explicit count, never the
  // precision-targeted default, so each step is an exact re-run on the same draws.
  const seed = after.seed;
  const iterations = after.iterations;
  // Each engine run is handed to the caller (computeWhatChanged runs them here, back to back;
  // computeWhatChangedWith lets a server run them elsewhere); the caller sends its result back.
  const run = (input: RiskInput): EngineRun => ({ input, seed, iterations });

  const withFactors: RiskInput = { ...previous.input, factors: current.input.factors };
  const withFrameworks: RiskInput = withAsOfDate({ ...withFactors, frameworks: current.input.frameworks }, current.input.asOfDate);

  const start = before.aleUsd;
  const rerunPrevious = yield run(previous.input);
  const afterFactors = yield run(withFactors);
  const afterFrameworks = yield run(withFrameworks);
  const afterProfile = yield run(current.input);
  const end = after.aleUsd;

  const modelChanges: string[] = [];
  if (before.engineVersion !== ENGINE_VERSION) modelChanges.push(`Risk model ${before.engineVersion} → ${ENGINE_VERSION}`);
  if (before.seed !== seed) modelChanges.push(`Simulation seed ${before.seed} → ${seed}`);
  if (before.iterations !== iterations)
    modelChanges.push(`Simulated years ${before.iterations.toLocaleString('en-US')} → ${iterations.toLocaleString('en-US')}`);

  const step = (id: WaterfallStepId, label: string, from: number, to: number, changes: string[]): WaterfallStep => ({
    id,
    label,
    fromUsd: from,
    toUsd: to,
    deltaUsd: to - from,
    changes,
  });
  const steps: WaterfallStep[] = [
    step('model', 'Model version and simulation', start, rerunPrevious, modelChanges),
    step('factors', 'Security factor answers', rerunPrevious, afterFactors, describeFactorChanges(previous.input, current.input)),
    step(
      'frameworks',
      'Compliance framework status',
      afterFactors,
      afterFrameworks,
      describeFrameworkChanges(previous.input, current.input),
    ),
    step(
      'profile',
      'Organisation profile (revenue, records, size)',
      afterFrameworks,
      afterProfile,
      describeProfileChanges(previous.input, current.input),
    ),
  ];
  // A current result stored by an older engine differs from today's re-run: show that gap
  // rather than hide it, so the bars always end at the figure the assessment reports.
  if (afterProfile !== end) {
    steps.push(
      step('storedModel', `Stored with model ${after.engineVersion} (re-run uses ${ENGINE_VERSION})`, afterProfile, end, [
        `The current assessment was computed with model ${after.engineVersion}`,
      ]),
    );
  }
  const summary = (a: ComparedAssessment, view: ResultView) => ({
    id: a.id,
    title: a.title,
    completedAt: a.completedAt,
    aleUsd: view.aleUsd,
    engineVersion: view.engineVersion,
  });
  return { previous: summary(previous, before), current: summary(current, after), steps, totalDeltaUsd: end - start, seed, iterations };
}

/** One re-run of the waterfall: the inputs, on the current result's seed and simulated years. */
export interface EngineRun {
  readonly input: RiskInput;
  readonly seed: number;
  readonly iterations: number;
}

/** The expected annual loss of one re-run (no attribution: the waterfall needs the mean only). */
export function expectedLossOf(run: EngineRun): number {
  return assessRisk(run.input, { seed: run.seed, iterations: run.iterations, attribution: false }).annualLoss.expectedUsd;
}

/** The waterfall above, its four engine runs back to back. */
export function computeWhatChanged(previous: ComparedAssessment, current: ComparedAssessment): WhatChanged {
  const steps = waterfall(previous, current);
  let next = steps.next();
  while (!next.done) next = steps.next(expectedLossOf(next.value));
  return next.value;
}

/**
 * The same waterfall, same figures, with each of the four engine runs handed to `expectedLoss`: a
 * server runs them on a worker thread, so its event loop keeps answering meanwhile (ADR 128).
 */
export async function computeWhatChangedWith(
  previous: ComparedAssessment,
  current: ComparedAssessment,
  expectedLoss: (run: EngineRun) => Promise<number>,
): Promise<WhatChanged> {
  const steps = waterfall(previous, current);
  let next = steps.next();
  while (!next.done) next = steps.next(await expectedLoss(next.value));
  return next.value;
}
