import { assessRisk, DEFAULT_SEED } from '@/engine/assess-risk.ts';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { AppError } from '../../errors.ts';

/** Simulated years of every stored result (the engine's default, 100,000). */
export const SERVER_ITERATIONS = CALIBRATION.iterationsDefault.value;
export { DEFAULT_SEED };

/**
 * The one place the server runs the model: full result with attribution and
 * recommendations. Equals `assessRisk(input, { seed, iterations })` and
 * `npm run risk` on the same input and seed.
 */
export function runAssessment(input: RiskInput, seed: number): RiskResult {
  try {
    return assessRisk(input, { seed, iterations: SERVER_ITERATIONS, attribution: true });
  } catch (error) {
    // The engine names the offending parameter; zod at the edge catches nearly everything first.
    if (error instanceof RangeError) {
      const [path = 'input', ...rest] = error.message.split(': ');
      throw new AppError('bad_request', `input.${path}: ${rest.join(': ')}`, { issues: [{ path: `input.${path}`, message: rest.join(': ') }] });
    }
    throw error;
  }
}
