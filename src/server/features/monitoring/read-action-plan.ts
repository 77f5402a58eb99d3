import type { ActionPlan } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { findRecommendations, listCompletedHeadlines } from '../../db/repositories/assessments.ts';
import { listActions, listMembers } from './action-repository.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import { buildPlan } from './build-plan.ts';

/** GET /api/monitoring/plan: the action plan of the organisation's latest completed assessment, with the members who may own an action. */
export async function readActionPlan(options: { db: Database; engine: EngineRunner; organizationId: string; now: Date }): Promise<ActionPlan> {
  const { db, organizationId, now } = options;
  const completed = await listCompletedHeadlines(db, organizationId);
  const latest = completed.at(-1);
  const latestRecommendations = latest ? ((await findRecommendations(db, organizationId, latest.id)) ?? []) : [];
  const plan = await buildPlan({ completed, latestRecommendations, actions: await listActions(db, organizationId), now, engine: options.engine });
  const members = (await listMembers(db, organizationId)).map((member) => ({ id: member.id, name: `${member.firstName} ${member.lastName}`.trim() || member.email }));
  return { ...plan, members };
}
