import type { ApiTokenKind, ApiTokenScope } from '@/contracts/api-tokens.ts';
import { PLATFORM_ROLES, type AdminRole, type Role } from '@/contracts/auth.ts';
import { ORGANIZATION_ROLES, type OrganizationRole } from '@/contracts/organizations.ts';
import { can, type Action, type Actor } from '@/contracts/permissions.ts';
import { AppError } from '../errors.ts';

/*
 * Who is making a request: what the session plugin attaches to `request.auth` when the request
 * carries a valid session cookie. Shared server infrastructure: plugins and features read it, the
 * session store builds it. The role lists are declared once, in the contracts; what each role may
 * do is the permission map of `contracts/permissions.ts` (ADR 305).
 */
export type { Role, OrganizationRole };

export function toOrganizationRole(value: string | null | undefined): OrganizationRole | null {
  return (ORGANIZATION_ROLES as readonly string[]).includes(value ?? '') ? (value as OrganizationRole) : null;
}

/** What the session plugin attaches to a request that carries a valid session cookie. */
export interface AuthContext {
  user: {
    id: string;
    /** The CURRENT organisation of this session (the one selected, else the home organisation): scope every organisation-owned object by it. */
    organizationId: string;
    /** The user's role in the current organisation. */
    organizationRole: OrganizationRole;
    /** users.organizationId: where the account was created. */
    homeOrganizationId: string;
    /** An approved partner (ADR 141): may create client organisations. */
    isPartner: boolean;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
  };
  session: {
    id: string;
    createdAt: Date;
    mfaVerifiedAt: Date | null;
  };
  totpEnabled: boolean;
  /** Unused backup codes (0 without TOTP): the MFA status is read from the session. */
  backupCodesCount: number;
  /** Billing's rule (PaymentRule) applied to the current organisation: paid routes answer 402. */
  requiresPayment: boolean;
  /**
   * Set when the caller is an API token rather than a browser session (ADR 228), or an assistant's
   * OAuth access token (kind 'oauth', ADR 294: id and name are its grant's and its client's).
   */
  apiToken?: { id: string; name: string; kind: CallerTokenKind; scopes: ApiTokenScope[] };
}

/** An API token's kind, or 'oauth' for an assistant connected through OAuth (ADR 294). */
export type CallerTokenKind = ApiTokenKind | 'oauth';

/**
 * True for a token bound to one organisation: an organisation token (ADR 228) or an OAuth grant,
 * given for the organisation chosen on the consent page (ADR 294). A personal token may name any
 * organisation of its owner instead.
 */
export function actsInOneOrganization(auth: AuthContext): boolean {
  return auth.apiToken !== undefined && auth.apiToken.kind !== 'personal';
}

/** What billing's rule needs to know of an account and its current organisation. */
export interface PaymentFacts {
  role: Role;
  subscriptionStatus: string;
  subscriptionAccessUntil: Date | null;
}

/**
 * True when the account must pay before using CIFER's paid routes. Billing owns the rule
 * (src/server/features/billing/entitlement.ts); the app hands it to sessions and to log-in.
 */
export type PaymentRule = (account: PaymentFacts, now: Date) => boolean;

export function isAdminRole(role: string): role is AdminRole {
  return role !== 'user' && (PLATFORM_ROLES as readonly string[]).includes(role);
}

export function toRole(value: string): Role {
  return isAdminRole(value) ? value : 'user';
}

/** The user's columns a session's or an API token's row carries (sessions/session-store.ts, sessions/api-token-auth.ts). */
export interface CallerUserRow {
  id: string;
  homeOrganizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isPartner: boolean;
}

/**
 * The caller's user as `request.auth` carries it, for a browser session and an API token alike:
 * field by field (ADR 244), so nothing else a row's user gains ever reaches a route.
 */
export function toCallerUser(user: CallerUserRow, organizationId: string, organizationRole: OrganizationRole): AuthContext['user'] {
  return {
    id: user.id,
    organizationId,
    organizationRole,
    homeOrganizationId: user.homeOrganizationId,
    isPartner: user.isPartner,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: toRole(user.role),
  };
}

/**
 * The signed-in caller of a route whose `config.access` is not 'public': the access plugin has
 * already refused requests without a session, so this only narrows the type (and fails closed).
 */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth;
}

/** The caller as the permission map sees them: platform role and role in the current organisation. */
export function actorOf(auth: AuthContext): Actor {
  return { platformRole: auth.user.role, organizationRole: auth.user.organizationRole };
}

/** What a caller refused an action is told (403). */
const REFUSALS: Record<Action, string> = {
  'organization.read': 'You are not a member of this organisation',
  'organization.write': 'Your role in this organisation is read-only',
  'organization.manage': 'Only an owner of this organisation can do this',
  'organization.logo': 'Only an owner of this organisation can change its logo.',
  'platform.console': 'Administrator access required',
  'platform.manage-staff': 'Only a super administrator can manage administrator accounts',
  'platform.super-admin-tools': 'Super administrator access required',
};

/**
 * Refuses (403) a caller the permission map does not allow `action`; e.g.
 * `requirePermission(requireAuth(request), 'organization.write')` before any write.
 */
export function requirePermission(auth: AuthContext, action: Action): AuthContext {
  if (!can(actorOf(auth), action)) throw new AppError('forbidden', REFUSALS[action]);
  return auth;
}
