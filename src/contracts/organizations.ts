import { z } from 'zod';
import { text } from './text.ts';

/** ADR 140: owner manages members, billing, logo; member creates and edits; viewer reads. The one list of organisation roles. */
export const ORGANIZATION_ROLES = ['owner', 'member', 'viewer'] as const;
export const OrganizationRoleSchema = z.enum(ORGANIZATION_ROLES);
export type OrganizationRole = z.infer<typeof OrganizationRoleSchema>;

export const ORGANIZATION_NAME_MAX_LENGTH = 100;
export const OrganizationNameSchema = text()
  .trim()
  .min(1, 'Organisation name is required')
  .max(ORGANIZATION_NAME_MAX_LENGTH, `Must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`);

export interface MyOrganization {
  id: string;
  name: string;
  role: OrganizationRole;
  isHome: boolean;
  isCurrent: boolean;
}

/** GET /api/organizations: the caller's organisations, the current one, and whether they may create client organisations. */
export interface MyOrganizationsResponse {
  organizations: MyOrganization[];
  currentOrganizationId: string;
  canCreateOrganizations: boolean;
}

/** POST /api/organizations (approved partners). */
export const CreateOrganizationInputSchema = z.strictObject({ name: OrganizationNameSchema });
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInputSchema>;

/** POST /api/organizations/current. */
export const SwitchOrganizationInputSchema = z.strictObject({ organizationId: z.uuid('Unknown organisation') });
export type SwitchOrganizationInput = z.infer<typeof SwitchOrganizationInputSchema>;

export const OrganizationIdParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation') });
export const MemberParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), userId: z.uuid('Unknown member') });
export const InvitationParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), invitationId: z.uuid('Unknown invitation') });

export interface OrganizationMember {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
  joinedAt: string;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: OrganizationRole;
  expiresAt: string;
  createdAt: string;
}

/** GET /api/organizations/:id/members (owners of that organisation). */
export interface OrganizationMembersResponse {
  organization: { id: string; name: string };
  members: OrganizationMember[];
  invitations: PendingInvitation[];
}

/** POST /api/organizations/:id/invitations. */
export const InviteMemberInputSchema = z.strictObject({
  email: text().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address'),
  role: OrganizationRoleSchema.default('member'),
});
export type InviteMemberInput = z.input<typeof InviteMemberInputSchema>;

/** PATCH /api/organizations/:id/members/:userId. */
export const ChangeMemberRoleInputSchema = z.strictObject({ role: OrganizationRoleSchema });

/** Invitation tokens are 32 random bytes, base64url (43 characters). */
export const InvitationTokenInputSchema = z.strictObject({ token: text().min(20, 'This invitation link is invalid').max(200, 'This invitation link is invalid') });
export type InvitationTokenInput = z.infer<typeof InvitationTokenInputSchema>;

/** POST /api/invitations/preview (public): what the link is for, without accepting it. */
export interface InvitationPreview {
  organizationName: string;
  email: string;
  role: OrganizationRole;
  expiresAt: string;
}

/** POST /api/invitations/accept (signed in, MFA-verified, as the invited address). */
export interface AcceptInvitationResponse {
  message: string;
  organizationId: string;
  organizationName: string;
}

export interface OrganizationAuditEvent {
  id: number;
  at: string;
  action: string;
  actorEmail: string | null;
  targetEmail: string | null;
}

export const INVITATION_LIFETIME_DAYS = 7;
