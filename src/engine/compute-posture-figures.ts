import { assessRisk } from './assess-risk.ts';
import { figuresOfResult, type PostureFigures, type PostureRunSettings } from './posture-figures.ts';
import type { RiskInput } from './risk-input.ts';

// Apart from posture-figures.ts so that pages reading a result's figures never bundle the engine run.
/**
 * A posture's figures from a full engine run (no closed form: ADR 215) with the seed and
 * iterations of the result it is shown next to, so the map, the headline and the risk score's
 * anchors come from the same simulated years.
 */
export function computePostureFigures(input: RiskInput, settings: PostureRunSettings): PostureFigures {
  return figuresOfResult(assessRisk(input, { seed: settings.seed, iterations: settings.iterations, attribution: false }));
}
