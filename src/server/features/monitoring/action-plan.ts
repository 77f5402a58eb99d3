import type { AcceptActionBody, ActionPlan, UpdateActionBody } from '@/contracts/monitoring.ts';
import type { FactorAnswer } from '@/engine/factors.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findAction, insertAction, listActions, listMembers, updateAction, type ActionChanges } from './action-repository.ts';
import { buildPlan } from './build-plan.ts';
import { findRecommendations, listCompletedAssessments } from './completed-assessments.ts';

const ACTION_NOT_FOUND = 'Action not found';

async function requireMember(db: Database, organizationId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const members = await listMembers(db, organizationId);
  if (!members.some((member) => member.id === userId)) {
    throw new AppError('bad_request', 'ownerUserId: The owner must be an active member of your organisation', { issues: [{ path: 'ownerUserId', message: 'The owner must be an active member of your organisation' }] });
  }
}

export async function readActionPlan(db: Database, organizationId: string, now: Date): Promise<ActionPlan> {
  const completed = await listCompletedAssessments(db, organizationId);
  const latest = completed.at(-1);
  const latestRecommendations = latest ? ((await findRecommendations(db, organizationId, latest.id)) ?? []) : [];
  const plan = buildPlan({ completed, latestRecommendations, actions: await listActions(db, organizationId), now });
  const members = (await listMembers(db, organizationId)).map((member) => ({ id: member.id, name: `${member.firstName} ${member.lastName}`.trim() || member.email }));
  return { ...plan, members };
}

/** Accepts one recommendation of a completed assessment of the organisation as a planned action. */
export async function acceptRecommendation(db: Database, options: { organizationId: string; userId: string; body: AcceptActionBody; now: Date }): Promise<string> {
  const { organizationId, body, now } = options;
  const recommendations = await findRecommendations(db, organizationId, body.assessmentId);
  if (recommendations === null) throw new AppError('not_found', 'Assessment not found');
  const recommendation = recommendations.find((candidate) => candidate.factorId === body.factorId);
  if (!recommendation) throw new AppError('bad_request', 'factorId: This assessment has no recommendation for that factor', { issues: [{ path: 'factorId', message: 'This assessment has no recommendation for that factor' }] });
  const existing = (await listActions(db, organizationId)).find((row) => row.factorId === body.factorId && (row.status === 'planned' || row.status === 'in_progress'));
  if (existing) throw new AppError('conflict', `“${recommendation.factorName}” is already in the plan.`);
  await requireMember(db, organizationId, body.ownerUserId);
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

export async function changeAction(db: Database, options: { organizationId: string; actionId: string; body: UpdateActionBody; now: Date }): Promise<void> {
  const { organizationId, actionId, body, now } = options;
  const action = await findAction(db, organizationId, actionId);
  if (!action) throw new AppError('not_found', ACTION_NOT_FOUND);
  await requireMember(db, organizationId, body.ownerUserId);
  const changes: ActionChanges = {};
  if (body.ownerUserId !== undefined) changes.ownerUserId = body.ownerUserId;
  if (body.dueDate !== undefined) changes.dueDate = body.dueDate;
  if (body.estimatedCostUsd !== undefined) changes.estimatedCostUsd = body.estimatedCostUsd;
  if (body.actualCostUsd !== undefined) changes.actualCostUsd = body.actualCostUsd;
  if (body.status !== undefined && body.status !== action.status) {
    changes.status = body.status;
    changes.doneAt = body.status === 'done' ? now : null;
  }
  const status = body.status ?? action.status;
  if (status === 'declined') {
    const reason = body.declineReason ?? action.declineReason;
    if (!reason) throw new AppError('bad_request', 'declineReason: Give a reason for declining', { issues: [{ path: 'declineReason', message: 'Give a reason for declining' }] });
    changes.declineReason = reason;
  } else if (body.status !== undefined) {
    changes.declineReason = null;
  }
  await updateAction(db, organizationId, actionId, changes, now);
}
