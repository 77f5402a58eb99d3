import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';
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

export const MyOrganizationSchema = z.object({ id: z.string(), name: z.string(), role: OrganizationRoleSchema, isHome: z.boolean(), isCurrent: z.boolean() });
export type MyOrganization = z.infer<typeof MyOrganizationSchema>;

/** GET /api/organizations: the caller's organisations, the current one, and whether they may create client organisations. */
export const MyOrganizationsResponseSchema = z.object({
  organizations: z.array(MyOrganizationSchema),
  currentOrganizationId: z.string(),
  canCreateOrganizations: z.boolean(),
});
export type MyOrganizationsResponse = z.infer<typeof MyOrganizationsResponseSchema>;

/** POST /api/organizations (approved partners). */
export const CreateOrganizationInputSchema = z.strictObject({ name: OrganizationNameSchema });
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInputSchema>;

/** POST /api/organizations/current. */
export const SwitchOrganizationInputSchema = z.strictObject({ organizationId: z.uuid('Unknown organisation') });
export type SwitchOrganizationInput = z.infer<typeof SwitchOrganizationInputSchema>;
export const SwitchOrganizationResponseSchema = z.object({ message: z.string(), organizationId: z.string(), role: OrganizationRoleSchema });
export type SwitchOrganizationResponse = z.infer<typeof SwitchOrganizationResponseSchema>;

export const OrganizationIdParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation') });
export const MemberParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), userId: z.uuid('Unknown member') });
export const InvitationParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), invitationId: z.uuid('Unknown invitation') });
/** The same through /api/v1, where the organisation is the acting one (ADR 293). */
export const V1MemberParamsSchema = MemberParamsSchema.omit({ id: true });
export const V1InvitationParamsSchema = InvitationParamsSchema.omit({ id: true });

export const OrganizationMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: OrganizationRoleSchema,
  joinedAt: z.string(),
}).meta({ id: 'Member' });
export type OrganizationMember = z.infer<typeof OrganizationMemberSchema>;

export const PendingInvitationSchema = z.object({ id: z.string(), email: z.string(), role: OrganizationRoleSchema, expiresAt: z.string(), createdAt: z.string() }).meta({ id: 'Invitation' });
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

/** GET /api/organizations/:id/members (owners of that organisation). */
export const OrganizationMembersResponseSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  members: z.array(OrganizationMemberSchema),
  invitations: z.array(PendingInvitationSchema),
}).meta({ id: 'MemberList' });
export type OrganizationMembersResponse = z.infer<typeof OrganizationMembersResponseSchema>;

/** POST /api/organizations/:id/invitations. */
export const InviteMemberInputSchema = z.strictObject({
  email: text().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MESSAGES.loginEmail),
  role: OrganizationRoleSchema.default('member'),
});
export type InviteMemberInput = z.input<typeof InviteMemberInputSchema>;

/** PATCH /api/organizations/:id/members/:userId. */
export const ChangeMemberRoleInputSchema = z.strictObject({ role: OrganizationRoleSchema });

/** Invitation tokens are 32 random bytes, base64url (43 characters). */
export const InvitationTokenInputSchema = z.strictObject({ token: text().min(20, 'This invitation link is invalid').max(200, 'This invitation link is invalid') });
export type InvitationTokenInput = z.infer<typeof InvitationTokenInputSchema>;

/** POST /api/invitations/preview (public): what the link is for, without accepting it. */
export const InvitationPreviewSchema = z.object({ organizationName: z.string(), email: z.string(), role: OrganizationRoleSchema, expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST /api/invitations/accept (signed in, MFA-verified, as the invited address). */
export const AcceptInvitationResponseSchema = z.object({ message: z.string(), organizationId: z.string(), organizationName: z.string() });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;

/** GET /api/organizations/:id/audit: the organisation's own events, newest first. */
/** What every audit listing shows of an event (the organisation's and the administrators'). */
export const AuditEventFieldsSchema = z.object({ id: z.number(), at: z.string(), action: z.string(), actorEmail: z.string().nullable(), targetEmail: z.string().nullable() });
export const OrganizationAuditEventSchema = AuditEventFieldsSchema.extend({
  /** The API token the action was made with, if any (ADR 228). */
  apiTokenName: z.string().nullable(),
}).meta({ id: 'AuditEvent' });
export type OrganizationAuditEvent = z.infer<typeof OrganizationAuditEventSchema>;
export const OrganizationAuditListSchema = z.array(OrganizationAuditEventSchema);

export const INVITATION_LIFETIME_DAYS = 7;
