import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ActionStatus } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { monitoringActions, users } from '../../db/schema.ts';

export type ActionRow = typeof monitoringActions.$inferSelect & { ownerFirstName: string | null; ownerLastName: string | null };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listActions(db: Database, organizationId: string): Promise<ActionRow[]> {
  const rows = await db
    .select({ action: monitoringActions, ownerFirstName: users.firstName, ownerLastName: users.lastName })
    .from(monitoringActions)
    .leftJoin(users, eq(users.id, monitoringActions.ownerUserId))
    .where(eq(monitoringActions.organizationId, organizationId))
    .orderBy(asc(monitoringActions.createdAt), asc(monitoringActions.id));
  return rows.map((row) => ({ ...row.action, ownerFirstName: row.ownerFirstName, ownerLastName: row.ownerLastName }));
}

export async function findAction(db: Database, organizationId: string, id: string) {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db
    .select()
    .from(monitoringActions)
    .where(and(eq(monitoringActions.id, id), eq(monitoringActions.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

export type NewAction = typeof monitoringActions.$inferInsert;

export async function insertAction(db: Database, values: NewAction): Promise<string> {
  const [row] = await db.insert(monitoringActions).values(values).returning({ id: monitoringActions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export interface ActionChanges {
  status?: ActionStatus;
  declineReason?: string | null;
  ownerUserId?: string | null;
  dueDate?: string | null;
  estimatedCostUsd?: number | null;
  actualCostUsd?: number | null;
  doneAt?: Date | null;
}

export async function updateAction(db: Database, organizationId: string, id: string, changes: ActionChanges, now: Date): Promise<void> {
  await db
    .update(monitoringActions)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(monitoringActions.id, id), eq(monitoringActions.organizationId, organizationId)));
}

/** Active members of the organisation: who may own an action and who receives its reminders. */
export async function listMembers(db: Database, organizationId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active')))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** Planned and in-progress actions with a due date, of every organisation, with their owner's address and status (the reminder job's work list). */
export async function listOpenActionsWithDueDate(db: Database) {
  return db
    .select({ action: monitoringActions, ownerEmail: users.email, ownerFirstName: users.firstName, ownerStatus: users.status })
    .from(monitoringActions)
    .leftJoin(users, eq(users.id, monitoringActions.ownerUserId))
    .where(and(inArray(monitoringActions.status, ['planned', 'in_progress']), isNotNull(monitoringActions.dueDate)));
}
