import type { ActionStatus, PlanAction, PlanRecommendation, PlanSummary, RealisedMeasurement } from '@/contracts/monitoring.ts';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import { FACTORS, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import type { Recommendation } from '@/engine/recommendations.ts';
import { controlName } from '@/reports/control-names.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { CompletedHeadline } from '../../db/repositories/assessments.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import type { ActionRow } from './action-repository.ts';

const OPEN_STATUSES: readonly ActionStatus[] = ['planned', 'in_progress'];
// An unknown answer counts as the weakest: the action stays open until someone answers it.
const LEVEL_RANK: Record<FactorAnswer, number> = { unknown: 0, worst: 0, partial: 1, best: 2, notApplicable: 2 };

/** True when the answer still falls short of the action's target (a not-applicable factor never does). */
function isBelowTarget(answer: FactorAnswer | undefined, target: FactorAnswer): boolean {
  return LEVEL_RANK[answer ?? 'partial'] < LEVEL_RANK[target];
}

export function withFactors(input: RiskInput, changes: Partial<Record<FactorId, FactorAnswer>>): RiskInput {
  return { ...input, factors: { ...input.factors, ...changes } };
}

/**
 * Expected annual loss of an input with the engine at the server's iterations and the given
 * seed, so the difference of two inputs with the same seed is the effect of the change alone
 * (common random numbers). Each run goes to the app's engine runner, off the event loop (ADR 263):
 * a plan of ten actions is a dozen runs. Results are memoised for the request.
 */
function createAleEstimator(engine: EngineRunner): (input: RiskInput, seed: number) => Promise<number> {
  const cache = new Map<string, Promise<number>>();
  return (input, seed) => {
    const key = JSON.stringify([input, seed]);
    let ale = cache.get(key);
    if (!ale) {
      ale = engine.expectedLoss({ input, seed, iterations: CALIBRATION.iterationsDefault.value });
      cache.set(key, ale);
    }
    return ale;
  };
}

function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function isActionOverdue(action: { status: string; dueDate: string | null }, now: Date): boolean {
  return OPEN_STATUSES.includes(action.status as ActionStatus) && action.dueDate !== null && action.dueDate < todayOf(now);
}

const factorName = (id: string) => FACTORS.find((factor) => factor.id === id)?.name ?? id;

/** The next completed assessment after the one an action came from (where its effect is measured). */
function nextAfter(completed: readonly CompletedHeadline[], sourceId: string | null): { source: CompletedHeadline; next: CompletedHeadline } | null {
  const index = completed.findIndex((assessment) => assessment.id === sourceId);
  const source = completed[index];
  const next = completed[index + 1];
  return index >= 0 && source && next ? { source, next } : null;
}

export interface BuiltPlan {
  summary: PlanSummary;
  actions: PlanAction[];
  recommendations: PlanRecommendation[];
}

/**
 * The action plan in dollars (ADR 154), all against the latest completed assessment L:
 * - committed: ALE(L) − ALE(L with every planned and in-progress action at its target), one joint
 *   engine run, so overlapping controls are not double counted;
 * - done, awaiting re-assessment: the same for done actions L does not reflect yet;
 * - realised: for each done action whose source assessment S has a later completed assessment N,
 *   ALE(S) − ALE(S with the factor at N's answer): what the fix removed, apart from anything
 *   else that changed between S and N.
 */
export async function buildPlan(options: {
  completed: readonly CompletedHeadline[];
  latestRecommendations: readonly Recommendation[];
  actions: readonly ActionRow[];
  now: Date;
  engine: EngineRunner;
}): Promise<BuiltPlan> {
  const { completed, actions, now } = options;
  const estimateAle = createAleEstimator(options.engine);
  const latest = completed.at(-1) ?? null;
  /** ALE(before) − ALE(after), both runs asked for at once. */
  const reduction = async (before: RiskInput, after: RiskInput, seed: number): Promise<number> => {
    const [beforeAle, afterAle] = await Promise.all([estimateAle(before, seed), estimateAle(after, seed)]);
    return beforeAle - afterAle;
  };

  const reductionAgainstLatest = async (changes: Partial<Record<FactorId, FactorAnswer>>): Promise<number> =>
    latest && Object.keys(changes).length > 0 ? reduction(latest.input, withFactors(latest.input, changes), latest.seed) : 0;
  const pendingChanges = (rows: readonly ActionRow[]) => {
    const changes: Partial<Record<FactorId, FactorAnswer>> = {};
    for (const row of rows) if (latest && isBelowTarget(latest.factorAnswers[row.factorId as FactorId], row.targetAnswer as FactorAnswer)) changes[row.factorId as FactorId] = row.targetAnswer as FactorAnswer;
    return changes;
  };

  const realisedOf = async (row: ActionRow): Promise<RealisedMeasurement | null> => {
    if (row.status !== 'done') return null;
    const pair = nextAfter(completed, row.sourceAssessmentId);
    if (!pair) return null;
    const answer = pair.next.factorAnswers[row.factorId as FactorId] ?? 'partial';
    const reductionUsd = await reduction(pair.source.input, withFactors(pair.source.input, { [row.factorId]: answer }), pair.source.seed);
    return { assessmentId: pair.next.id, assessmentTitle: pair.next.title, answer, reductionUsd };
  };

  // The plan's runs are all asked for at once; the engine runner answers them one after the other.
  const planActions = await Promise.all(
    actions.map(async (row) => {
      const open = OPEN_STATUSES.includes(row.status as ActionStatus) || row.status === 'done';
      const [currentReductionUsd, realised] = await Promise.all([open ? reductionAgainstLatest(pendingChanges([row])) : 0, realisedOf(row)]);
      return toPlanAction(row, now, currentReductionUsd, realised);
    }),
  );

  const openRows = actions.filter((row) => OPEN_STATUSES.includes(row.status as ActionStatus));
  const awaitingRows = actions.filter((row, index) => row.status === 'done' && planActions[index]?.realised === null);
  const awaitingChanges = pendingChanges(awaitingRows);
  const [committedReductionUsd, doneAwaitingReassessmentUsd] = await Promise.all([reductionAgainstLatest(pendingChanges(openRows)), reductionAgainstLatest(awaitingChanges)]);
  const counts: Record<ActionStatus, number> = { planned: 0, in_progress: 0, done: 0, declined: 0 };
  for (const row of actions) counts[row.status as ActionStatus] += 1;
  const measured = planActions.filter((action) => action.realised !== null);

  const summary: PlanSummary = {
    baseline: latest ? { assessmentId: latest.id, title: latest.title, completedAt: latest.completedAt.toISOString(), aleUsd: latest.aleUsd } : null,
    committedReductionUsd,
    committedAleUsd: latest ? latest.aleUsd - committedReductionUsd : null,
    doneAwaitingReassessmentUsd,
    doneAwaitingCount: Object.keys(awaitingChanges).length,
    realisedReductionUsd: measured.reduce((sum, action) => sum + (action.realised?.reductionUsd ?? 0), 0),
    realisedCount: measured.length,
    overdueCount: planActions.filter((action) => action.isOverdue).length,
    counts,
    estimatedCostUsd: actions.filter((row) => row.status !== 'declined').reduce((sum, row) => sum + (row.estimatedCostUsd ?? 0), 0),
    actualCostUsd: actions.reduce((sum, row) => sum + (row.actualCostUsd ?? 0), 0),
  };

  const recommendations = latest ? planRecommendations(latest, options.latestRecommendations, actions) : [];
  return { summary, actions: planActions, recommendations };
}

/** One action as the plan shows it, with its reductions worked out. */
function toPlanAction(row: ActionRow, now: Date, currentReductionUsd: number, realised: RealisedMeasurement | null): PlanAction {
  return {
    id: row.id,
    factorId: row.factorId as FactorId,
    factorName: factorName(row.factorId),
    controlName: controlName(row.factorId as FactorId),
    title: row.title,
    targetAnswer: row.targetAnswer as FactorAnswer,
    owner: row.ownerUserId ? { id: row.ownerUserId, name: `${row.ownerFirstName ?? ''} ${row.ownerLastName ?? ''}`.trim() || 'Unknown' } : null,
    dueDate: row.dueDate,
    status: row.status as ActionStatus,
    declineReason: row.declineReason,
    estimatedCostUsd: row.estimatedCostUsd,
    actualCostUsd: row.actualCostUsd,
    expectedReductionUsd: row.expectedReductionUsd,
    currentReductionUsd,
    sourceAssessmentId: row.sourceAssessmentId,
    isOverdue: isActionOverdue(row, now),
    doneAt: row.doneAt ? row.doneAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    realised,
  };
}

/** The latest assessment's recommendations, each with the action that covers it (the newest not declined), if any. */
function planRecommendations(latest: CompletedHeadline, recommendations: readonly Recommendation[], actions: readonly ActionRow[]): PlanRecommendation[] {
  return recommendations.map((recommendation) => {
    const covering = [...actions].reverse().find((row) => row.factorId === recommendation.factorId && row.status !== 'declined');
    return {
      assessmentId: latest.id,
      factorId: recommendation.factorId,
      factorName: recommendation.factorName,
      controlName: controlName(recommendation.factorId),
      action: recommendation.action,
      annualLossReductionUsd: recommendation.annualLossReductionUsd,
      annualCostMidUsd: recommendation.annualCostUsd.midUsd,
      actionId: covering?.id ?? null,
    };
  });
}

/** The factor changes a quick re-score applies: done actions the latest assessment does not reflect yet. */
export function rescoreChanges(latest: CompletedHeadline, actions: readonly ActionRow[]): Partial<Record<FactorId, FactorAnswer>> {
  const changes: Partial<Record<FactorId, FactorAnswer>> = {};
  for (const row of actions) {
    if (row.status === 'done' && isBelowTarget(latest.factorAnswers[row.factorId as FactorId], row.targetAnswer as FactorAnswer)) {
      changes[row.factorId as FactorId] = row.targetAnswer as FactorAnswer;
    }
  }
  return changes;
}
