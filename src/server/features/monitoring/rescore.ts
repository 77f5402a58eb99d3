import type { RescoreResponse } from '@/contracts/monitoring.ts';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import type { Database } from '../../db/client.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import { listCompletedHeadlines } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import { listActions } from './action-repository.ts';
import { rescoreChanges, withFactors } from './build-plan.ts';
import { toIsoDate } from './calendar.ts';

/**
 * The quick re-score offered when actions are marked done (ADR 154): a new completed assessment
 * = the latest one's answers with every done action's factor at its target, same seed, full
 * engine run on the app's engine runner (as /complete does). It is then the next point of the trend and
 * the assessment the realised reduction is measured in.
 */
export async function rescoreWithDoneActions(options: { db: Database; engine: EngineRunner; organizationId: string; authorId: string; now: Date }): Promise<RescoreResponse> {
  const { db } = options;
  const completed = await listCompletedHeadlines(db, options.organizationId);
  const latest = completed.at(-1);
  if (!latest) throw new AppError('conflict', 'Complete an assessment first: there is nothing to re-score.');
  const changes = rescoreChanges(latest, await listActions(db, options.organizationId));
  if (Object.keys(changes).length === 0) throw new AppError('conflict', 'No done action is waiting to be measured: the latest assessment already reflects them.');
  const input = withFactors(latest.input, changes);
  const result = await options.engine.assess(input, { seed: latest.seed, iterations: CALIBRATION.iterationsDefault.value, attribution: true });
  const title = `${latest.title.replace(/ — re-score \d{4}-\d{2}-\d{2}$/, '')} — re-score ${toIsoDate(options.now)}`.slice(0, 200);
  const assessmentId = await insertAssessment(db, {
    organizationId: options.organizationId,
    authorId: options.authorId,
    title,
    status: 'completed',
    input,
    engineVersion: result.engineVersion,
    seed: latest.seed,
    result,
    now: options.now,
  });
  return { assessmentId, title, aleUsd: result.annualLoss.expectedUsd };
}
