import { computePostureFigures } from '@/engine/compute-posture-figures.ts';
import type { PostureRequest, PostureResponse } from '../workers/posture-messages.ts';

/**
 * Answers one heat-map request with full engine runs (imported by the heat-map worker only, so
 * the engine stays out of the page's own bundle). Postures of one profile share the engine's
 * cached draws, so each after the first is a re-score.
 */
export function runPostures(request: PostureRequest): PostureResponse {
  try {
    return {
      id: request.id,
      figures: request.postures.map((p) => ({ key: p.key, figures: computePostureFigures(p.input, request.settings) })),
    };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
