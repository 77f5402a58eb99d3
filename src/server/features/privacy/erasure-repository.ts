import { createHash } from 'node:crypto';
import { and, count, eq, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { renameAnswerer } from '../../db/repositories/assessment-writes.ts';
import { countAssessments } from '../../db/repositories/assessments.ts';
import { auditLog, emailOutbox, helpRequests, memberships, organizations, subscriptions, users } from '../../db/schema.ts';

/** Database, or the transaction an erasure runs in (sessions/erasure.ts opens it). */
type Writer = Pick<Database, 'select' | 'update' | 'delete'>;

/**
 * A stable stand-in for an erased person or organisation (ADR 233): the same id always gives the
 * same pseudonym, so the security log still shows that one account did several things, without
 * saying whose. The ids are random UUIDs that leave the database with the rows they named.
 */
export function pseudonymFor(kind: 'user' | 'organization', id: string): string {
  return `deleted-${kind}-${createHash('sha256').update(`${kind}:${id}`).digest('hex').slice(0, 12)}`;
}

/**
 * Security-log entries about an erased person keep their action, time and organisation; who they
 * were (ids, e-mail, IP address, browser, any details) is replaced by the pseudonym, as actor and/or
 * target. Entries that name them only by e-mail (failed sign-ins) count as about them.
 */
export async function pseudonymiseUserAudit(db: Writer, user: { id: string; email: string }): Promise<void> {
  const pseudonym = pseudonymFor('user', user.id);
  await db
    .update(auditLog)
    .set({
      ip: null,
      details: sql`jsonb_strip_nulls(jsonb_build_object(
        'actor', case when ${auditLog.actorUserId} = ${user.id} then ${pseudonym} end,
        'target', case when ${auditLog.targetUserId} = ${user.id} or ${auditLog.details}->>'email' = ${user.email} then ${pseudonym} end,
        'pseudonymised', true))`,
      actorUserId: sql`case when ${auditLog.actorUserId} = ${user.id} then null else ${auditLog.actorUserId} end`,
      targetUserId: sql`case when ${auditLog.targetUserId} = ${user.id} then null else ${auditLog.targetUserId} end`,
    })
    .where(or(eq(auditLog.actorUserId, user.id), eq(auditLog.targetUserId, user.id), sql`${auditLog.details}->>'email' = ${user.email}`));
}

/** An erased organisation's entries keep action, time and the people (who still have accounts); its details and addresses go. */
export async function pseudonymiseOrganizationAudit(db: Writer, organizationId: string): Promise<void> {
  await db
    .update(auditLog)
    .set({ ip: null, organizationId: null, details: { organization: pseudonymFor('organization', organizationId), pseudonymised: true } })
    .where(eq(auditLog.organizationId, organizationId));
}

/** The retention rule (ADR 233, privacy policy): security-log entries older than the cut-off are deleted. */
export async function deleteAuditBefore(db: Writer, cutoff: Date): Promise<number> {
  const deleted = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return deleted.length;
}

/** What the person sent or was sent that names them and belongs to no organisation: help requests and mail to their address. */
export async function deletePersonalMessages(db: Writer, user: { id: string; email: string }): Promise<void> {
  await db.delete(helpRequests).where(eq(helpRequests.userId, user.id));
  await db.delete(emailOutbox).where(eq(emailOutbox.to, user.email));
}

/**
 * Assessments that stay with an organisation after their author or an answerer is erased keep the
 * answers (they are the organisation's) but name the person by pseudonym in "who answered".
 */
export async function pseudonymiseAnswerProvenance(db: Writer, userId: string, now: Date): Promise<void> {
  await renameAnswerer(db, userId, pseudonymFor('user', userId), now);
}

/** A purged organisation's subscription record stays for the accounts (without the link), minus who bought it. */
export async function anonymiseSubscriptions(db: Writer, organizationId: string): Promise<void> {
  await db.update(subscriptions).set({ purchaserEmail: null, company: null }).where(eq(subscriptions.organizationId, organizationId));
}

/** True while the organisation has a card subscription that would keep charging after its deletion. */
export async function hasRunningCardSubscription(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, organizationId), eq(subscriptions.source, 'stripe'), inArray(subscriptions.status, ['active', 'trialing', 'past_due'])));
  return (row?.n ?? 0) > 0;
}

export interface OwnedOrganization {
  id: string;
  name: string;
  isHome: boolean;
  otherOwners: number;
  otherMembers: number;
  assessments: number;
}

/**
 * The organisations the person owns (the home one counts, as in sessions/organization-owner.ts), with
 * how many other owners and members each has and how many assessments it holds.
 */
export async function readOwnedOrganizations(db: Database, user: { id: string; homeOrganizationId: string }): Promise<OwnedOrganization[]> {
  const owned = await db
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'owner')));
  const homeMembership = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.organizationId, user.homeOrganizationId)));
  const ids = new Set(owned.map((row) => row.id));
  if (homeMembership.length === 0) ids.add(user.homeOrganizationId);
  const result: OwnedOrganization[] = [];
  for (const id of ids) {
    const [organization] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
    const others = await db
      .select({ role: memberships.role, n: count() })
      .from(memberships)
      .where(and(eq(memberships.organizationId, id), ne(memberships.userId, user.id)))
      .groupBy(memberships.role);
    const residents = await db.select({ n: count() }).from(users).where(and(eq(users.organizationId, id), ne(users.id, user.id)));
    const otherOwners = others.filter((row) => row.role === 'owner').reduce((sum, row) => sum + row.n, 0);
    const otherMembers = Math.max(others.reduce((sum, row) => sum + row.n, 0), residents[0]?.n ?? 0);
    result.push({ id, name: organization?.name ?? '', isHome: id === user.homeOrganizationId, otherOwners, otherMembers, assessments: await countAssessments(db, id) });
  }
  return result;
}

/** Organisations whose grace period is over (ADR 233). */
export async function findOrganizationsDueForPurge(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(lte(organizations.deletionScheduledFor, now));
  return rows.map((row) => row.id);
}

export async function readOrganizationDeletion(db: Database, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, requestedAt: organizations.deletionRequestedAt, scheduledFor: organizations.deletionScheduledFor })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}
