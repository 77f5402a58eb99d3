import type { AcceptActionBody } from '@/contracts/monitoring.ts';
import type { FactorAnswer } from '@/engine/factors.ts';
import { controlName } from '@/reports/control-names.ts';
import type { Database } from '../../db/client.ts';
import { findRecommendations } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';
import { requireActionOwner } from './action-owner.ts';
import { insertAction, listActions } from './action-repository.ts';

/** POST /api/monitoring/actions: accepts one recommendation of a completed assessment of the organisation as a planned action. Returns its id. */
export async function acceptRecommendation(options: { db: Database; organizationId: string; userId: string; body: AcceptActionBody; now: Date }): Promise<string> {
  const { db, organizationId, body, now } = options;
  const recommendations = await findRecommendations(db, organizationId, body.assessmentId);
  if (recommendations === null) throw new AppError('not_found', 'Assessment not found');
  const recommendation = recommendations.find((candidate) => candidate.factorId === body.factorId);
  if (!recommendation) throw new AppError('bad_request', 'factorId: This assessment has no recommendation for that factor', { issues: [{ path: 'factorId', message: 'This assessment has no recommendation for that factor' }] });
  const existing = (await listActions(db, organizationId)).find((row) => row.factorId === body.factorId && (row.status === 'planned' || row.status === 'in_progress'));
  if (existing) throw new AppError('conflict', `“${controlName(recommendation.factorId)}” is already in the plan.`);
  await requireActionOwner(db, organizationId, body.ownerUserId);
  return insertAction(db, {
    organizationId,
    sourceAssessmentId: body.assessmentId,
    factorId: body.factorId,
    targetAnswer: recommendation.targetAnswer satisfies FactorAnswer,
    title: recommendation.action,
    ownerUserId: body.ownerUserId ?? null,
    dueDate: body.dueDate ?? null,
    status: 'planned',
    estimatedCostUsd: body.estimatedCostUsd ?? Math.round(recommendation.annualCostUsd.midUsd),
    expectedReductionUsd: Math.round(recommendation.annualLossReductionUsd),
    createdById: options.userId,
    createdAt: now,
    updatedAt: now,
  });
}
