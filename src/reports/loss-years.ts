import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { evaluateScenario } from '@/engine/evaluate-scenario.ts';
import { drawCostShares, sampleLossDrawsInChunks } from '@/engine/loss-draws.ts';
import { buildModelParameters, computeScenario } from '@/engine/model-parameters.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/**
 * The simulated years of a stored result that had a loss, in simulation order, regenerated
 * from the input and seed (results store summaries, not 100,000 years). Only possible when the
 * running engine is the one that computed the result; otherwise null and the workbook says so.
 *
 * This repeats the first steps of `assessRisk` (draws → scenario → losses); if the engine ever
 * exports its per-year losses, this module should call that instead.
 */
export function regenerateLossYears(input: RiskInput, result: RiskResult): Float64Array | null {
  if (result.engineVersion !== ENGINE_VERSION) return null;
  const params = buildModelParameters(input.organisation, input.frameworks, input.asOfDate);
  const draws = sampleLossDrawsInChunks(params, result.seed, result.iterations, 1);
  const scenario = computeScenario(result.factorAnswers, params);
  const shares = drawCostShares(draws, params, result.seed, scenario.frequencyMultiplier);
  return evaluateScenario(draws, params, scenario, shares, input.insurance).nonZeroAnnualLossUsd;
}
