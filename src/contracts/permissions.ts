import { PLATFORM_ROLES, type Role } from './auth.ts';
import { ORGANIZATION_ROLES, type OrganizationRole } from './organizations.ts';

/**
 * Who may do what, as data (ADR 305). The server's guards and the client's menus ask `can`; the
 * table in docs/privilege-matrix.md is generated from this map (`npm run docs:privileges`), and
 * scripts/privilege-matrix.test.ts keeps the two equal.
 *
 * A grant names the platform roles and/or the roles in the current organisation it needs; a
 * missing list means "any". An action is allowed when any of its grants matches.
 */
export interface Grant {
  platform?: readonly Role[];
  organization?: readonly OrganizationRole[];
}

export interface Permission {
  /** What the action covers, in the words of the privilege matrix. */
  description: string;
  grants: readonly Grant[];
}

const STAFF: readonly Role[] = ['admin', 'super_admin'];

export const PERMISSIONS = {
  'organization.read': {
    description: "Read the current organisation's assessments, reports, monitoring and risk profile",
    grants: [{ organization: ['viewer', 'member', 'owner'] }],
  },
  'organization.write': {
    description: 'Create, change, complete, import and delete assessments; monitoring actions; the risk profile',
    grants: [{ organization: ['member', 'owner'] }],
  },
  'organization.manage': {
    description: "Members, invitations, the organisation's audit log, single sign-on, SCIM, organisation API tokens, webhooks, deletion",
    grants: [{ organization: ['owner'] }],
  },
  'organization.logo': {
    description: "Change the organisation's logo",
    grants: [{ organization: ['owner'] }, { platform: STAFF, organization: ['member'] }],
  },
  'platform.console': {
    description: 'The admin console: access requests, outbox, users, platform audit log, billing by hand, operations',
    grants: [{ platform: STAFF }],
  },
  'platform.manage-staff': {
    description: "Act on administrators' accounts and change anyone's platform role",
    grants: [{ platform: ['super_admin'] }],
  },
  'platform.super-admin-tools': {
    description: 'Billing test pages, approving SSO domains, lifting an organisation\'s "SSO required"',
    grants: [{ platform: ['super_admin'] }],
  },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** The caller as far as permissions go: a platform role and a role in the current organisation (null: none). */
export interface Actor {
  platformRole: Role;
  organizationRole: OrganizationRole | null;
}

function grantMatches(grant: Grant, actor: Actor): boolean {
  if (grant.platform && !grant.platform.includes(actor.platformRole)) return false;
  if (grant.organization && (actor.organizationRole === null || !grant.organization.includes(actor.organizationRole))) return false;
  return true;
}

export function can(actor: Actor, action: Action): boolean {
  const permission: Permission = PERMISSIONS[action];
  return permission.grants.some((grant) => grantMatches(grant, actor));
}

/** Every (platform role, organisation role) pair, for the generated table and exhaustive tests. */
export function everyActor(): Actor[] {
  return PLATFORM_ROLES.flatMap((platformRole) => ORGANIZATION_ROLES.map((organizationRole) => ({ platformRole, organizationRole })));
}
