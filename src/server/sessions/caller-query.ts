import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { backupCodes, memberships, organizations, userMfa, users } from '../db/schema.ts';

/**
 * "Who is calling": the one query shape every credential is answered with (cookie sessions, API
 * tokens ADR 243, assistants' OAuth tokens ADR 294). A credential row is joined to its person, the
 * organisation it acts in, the person's membership there and their second factor, and the same
 * facts are selected for each, so a session and a token cannot disagree about who someone is.
 */

/** An account's own facts: who it is, its platform role and status, whether it is a partner (also the admin console's summaries). */
export const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  isPartner: users.isPartner,
};

/** The caller's user columns, as `toCallerUser` (auth-context.ts) reads them. */
export const callerUserColumns = { ...accountColumns, homeOrganizationId: users.organizationId };

/**
 * What every credential's row carries besides the credential itself: the acting organisation, the
 * person, their role there and second factor, and the organisation's billing and deletion state.
 */
export const callerFactColumns = {
  organizationId: organizations.id,
  user: callerUserColumns,
  membershipRole: memberships.role,
  totpEnabledAt: userMfa.totpEnabledAt,
  subscriptionStatus: organizations.subscriptionStatus,
  subscriptionAccessUntil: organizations.subscriptionAccessUntil,
  deletionRequestedAt: organizations.deletionRequestedAt,
};

/**
 * The person's unused backup codes, a sub-select: only a cookie session selects it (its MFA status
 * is answered from the session, ADR 205); tokens answer no backup codes, so their lookups skip it.
 */
export const unusedBackupCodesColumn = sql<number>`(select count(*) from ${backupCodes} where ${backupCodes.userId} = ${users.id} and ${backupCodes.usedAt} is null)`.mapWith(Number);

/** Where the credential's person and acting organisation are found. */
export interface CallerLinks {
  userId: PgColumn;
  organizationId: PgColumn | SQL;
}

/**
 * The caller's joins after the credential's own table (and any tables it needs first): the person,
 * the acting organisation, the membership there and the second factor. Each credential adds its
 * `where`.
 */
export function joinCaller<Q extends PgSelect>(credential: Q, links: CallerLinks) {
  return credential
    .innerJoin(users, eq(users.id, links.userId))
    .innerJoin(organizations, eq(organizations.id, links.organizationId))
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizations.id)))
    .leftJoin(userMfa, eq(userMfa.userId, users.id));
}

/**
 * A bearer credential's lookup (API tokens, assistants' OAuth access tokens): the caller's joins,
 * the credential's own conditions, and what every token asks of its caller: the person active and
 * the organisation not pending deletion (a token stops with the deletion request, ADR 233). A cookie
 * session uses `joinCaller` alone: it reads an inactive person's session to delete it, and keeps an
 * owner's access while the deletion is pending.
 */
export function findBearerCaller<Q extends PgSelect>(credential: Q, links: CallerLinks, ...credentialConditions: SQL[]) {
  return joinCaller(credential, links)
    .where(and(...credentialConditions, eq(users.status, 'active'), isNull(organizations.deletionRequestedAt)))
    .limit(1);
}
