import type { UpdateActionBody } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { requireActionOwner } from './action-owner.ts';
import { findAction, updateAction, type ActionChanges } from './action-repository.ts';

const ACTION_NOT_FOUND = 'Action not found';

/** PATCH /api/monitoring/actions/:id: owner, due date, costs and status of one action of the organisation; declining needs a reason. */
export async function changeAction(options: { db: Database; organizationId: string; actionId: string; body: UpdateActionBody; now: Date }): Promise<void> {
  const { db, organizationId, actionId, body, now } = options;
  const action = await findAction(db, organizationId, actionId);
  if (!action) throw new AppError('not_found', ACTION_NOT_FOUND);
  await requireActionOwner(db, organizationId, body.ownerUserId);
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
