import type { CreateScenarioBody } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { DEFAULT_SEED, runAssessment } from './run-assessment.ts';

/**
 * POST /api/assessments/:id/scenarios: a what-if saved from the results, stored as a new,
 * completed assessment computed here from the submitted input (the numbers the browser showed
 * are never stored), with the source's seed unless one is given. Returns the new id.
 */
export async function saveScenario(options: { db: Database; engine: EngineRunner; source: AssessmentRecord; body: CreateScenarioBody; user: AuthContext['user']; now: Date }): Promise<string> {
  const { db, source, body, user, now } = options;
  const seed = body.seed ?? source.seed ?? DEFAULT_SEED;
  const result = await runAssessment(options.engine, body.input as RiskInput, seed);
  return insertAssessment(db, {
    organizationId: user.organizationId,
    authorId: user.id,
    title: body.title,
    input: body.input,
    status: 'completed',
    engineVersion: result.engineVersion,
    seed,
    result,
    now,
  });
}
