import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { AppError } from '../../errors.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';

/**
 * Options of every stored result: the engine picks the iterations that reach its standard precision
 * (SE ≤ 1% of the expected loss, ADR 102) and reports them in `result.precision`.
 */
export const SERVER_ASSESS_OPTIONS = { attribution: true } as const;
export { DEFAULT_SEED };

/**
 * The one place a completion or a saved what-if runs the model: full result with attribution
 * and recommendations, on the app's engine runner (off the event loop, ADR 263). Equals
 * `assessRisk(input, { seed, ...SERVER_ASSESS_OPTIONS })` and `npm run risk` on the same input and
 * seed.
 */
export async function runAssessment(engine: EngineRunner, input: RiskInput, seed: number): Promise<RiskResult> {
  try {
    return await engine.assess(input, { seed, ...SERVER_ASSESS_OPTIONS });
  } catch (error) {
    // The engine names the offending parameter; zod at the edge catches nearly everything first.
    if (error instanceof RangeError) {
      const [path = 'input', ...rest] = error.message.split(': ');
      throw new AppError('bad_request', `input.${path}: ${rest.join(': ')}`, { issues: [{ path: `input.${path}`, message: rest.join(': ') }] });
    }
    throw error;
  }
}
