import type { ApiTokenKind, ApiTokenScope } from '@/contracts/api-tokens.ts';
import { PLATFORM_ROLES, type AdminRole, type Role } from '@/contracts/auth.ts';
import { ORGANIZATION_ROLES, type OrganizationRole } from '@/contracts/organizations.ts';
import { AppError } from '../errors.ts';

/*
 * Who is making a request: what the session plugin attaches to `request.auth` when the request
 * carries a valid session cookie. Shared server infrastructure: plugins and features read it, the
 * session store builds it. The role lists are declared once, in the contracts; what each
 * organisation role (ADR 140) may do is in ORGANIZATION_ROLE_RANK's comment.
 */
export type { Role, OrganizationRole };

/**
 * owner: everything a member may do, plus manage members and invitations, billing, the logo and
 * the organisation's own audit log. member: create, edit and delete assessments, actions and
 * reports. viewer: read only.
 */
const ORGANIZATION_ROLE_RANK: Record<OrganizationRole, number> = { viewer: 0, member: 1, owner: 2 };

export function toOrganizationRole(value: string | null | undefined): OrganizationRole | null {
  return (ORGANIZATION_ROLES as readonly string[]).includes(value ?? '') ? (value as OrganizationRole) : null;
}

export function hasOrganizationRole(actual: OrganizationRole, needed: OrganizationRole): boolean {
  return ORGANIZATION_ROLE_RANK[actual] >= ORGANIZATION_ROLE_RANK[needed];
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

/**
 * Refuses (403) a caller whose role in the current organisation is below `needed`; e.g.
 * `requireOrganizationRole(requireAuth(request), 'member')` before any write.
 */
export function requireOrganizationRole(auth: AuthContext, needed: OrganizationRole): AuthContext {
  if (!hasOrganizationRole(auth.user.organizationRole, needed)) {
    throw new AppError('forbidden', needed === 'owner' ? 'Only an owner of this organisation can do this' : 'Your role in this organisation is read-only');
  }
  return auth;
}
