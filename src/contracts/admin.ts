import { z } from 'zod';
import { text } from './text.ts';
import { AuditEventFieldsSchema } from './organizations.ts';

export const AccessRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type AccessRequestStatus = z.infer<typeof AccessRequestStatusSchema>;

/** GET /api/admin/access-requests?status=pending|approved|rejected (default pending). */
export const AccessRequestListQuerySchema = z.strictObject({
  status: AccessRequestStatusSchema.default('pending'),
});

export const AdminAccessRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  status: AccessRequestStatusSchema,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type AdminAccessRequest = z.infer<typeof AdminAccessRequestSchema>;
export const AdminAccessRequestListSchema = z.array(AdminAccessRequestSchema);

/** POST /api/admin/access-requests/:id/approve and /reject. */
export const AccessDecisionInputSchema = z.strictObject({
  note: text().trim().max(1000, 'Must be at most 1000 characters').optional(),
  /** Approve as a partner, who may create client organisations (ADR 141). */
  partner: z.boolean().optional(),
});
export type AccessDecisionInput = z.infer<typeof AccessDecisionInputSchema>;

export const AccessRequestIdParamsSchema = z.strictObject({ id: z.uuid('Unknown access request') });

export const AccessDecisionResponseSchema = z.object({ message: z.string(), status: AccessRequestStatusSchema });
export type AccessDecisionResponse = z.infer<typeof AccessDecisionResponseSchema>;

/** GET /api/admin/outbox: the e-mail outbox, newest first, so messages can be delivered by hand. */
export const OutboxListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AdminOutboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminOutboxEmail = z.infer<typeof AdminOutboxEmailSchema>;
export const AdminOutboxListSchema = z.array(AdminOutboxEmailSchema);

// ---- Account management (/account-management, ADR 144) ----

export const UserStatusSchema = z.enum(['active', 'pending', 'rejected', 'disabled']);
export type UserStatus = z.infer<typeof UserStatusSchema>;
export const PlatformRoleSchema = z.enum(['user', 'admin', 'super_admin']);
export type PlatformRole = z.infer<typeof PlatformRoleSchema>;
export const LAST_SIGN_IN_FILTERS = ['any', '7d', '30d', '90d', 'never'] as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/admin/users. */
export const AdminUserListQuerySchema = z.strictObject({
  q: z.preprocess(emptyToUndefined, text().trim().max(200).optional()),
  role: z.preprocess(emptyToUndefined, PlatformRoleSchema.optional()),
  status: z.preprocess(emptyToUndefined, UserStatusSchema.optional()),
  mfa: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  lastSignIn: z.preprocess(emptyToUndefined, z.enum(LAST_SIGN_IN_FILTERS).default('any')),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuerySchema>;

export const AdminUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: PlatformRoleSchema,
  status: UserStatusSchema,
  isPartner: z.boolean(),
  mfaEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  organizationName: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUserListSchema = z.object({ users: z.array(AdminUserSummarySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

export const AdminUserIdParamsSchema = z.strictObject({ id: z.uuid('Unknown user') });

export const AdminAuditEventSchema = AuditEventFieldsSchema.extend({
  organizationName: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AdminAuditEvent = z.infer<typeof AdminAuditEventSchema>;

export const AdminUserDetailSchema = AdminUserSummarySchema.extend({
  mfaLocked: z.boolean(),
  passwordLocked: z.boolean(),
  failedLoginCount: z.number(),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), role: z.string(), isHome: z.boolean() })),
  sessions: z.array(z.object({ createdAt: z.string(), lastSeenAt: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable(), mfaVerified: z.boolean() })),
  recentEvents: z.array(AdminAuditEventSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** POST /api/admin/users/:id/role. */
export const ChangeRoleInputSchema = z.strictObject({ role: PlatformRoleSchema });
/** POST /api/admin/users/:id/partner. */
export const SetPartnerInputSchema = z.strictObject({ partner: z.boolean() });
export const EmptyAdminBodySchema = z.strictObject({});

export const AdminActionResponseSchema = z.object({ message: z.string() });
export type AdminActionResponse = z.infer<typeof AdminActionResponseSchema>;

/** GET /api/admin/audit and /api/admin/audit.csv. */
export const AuditQuerySchema = z.strictObject({
  actor: z.preprocess(emptyToUndefined, text().trim().max(254).optional()),
  target: z.preprocess(emptyToUndefined, text().trim().max(254).optional()),
  action: z.preprocess(emptyToUndefined, text().trim().max(100).optional()),
  from: z.preprocess(emptyToUndefined, z.iso.date('Use a date like 2026-01-31').optional()),
  to: z.preprocess(emptyToUndefined, z.iso.date('Use a date like 2026-01-31').optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AdminAuditPageSchema = z.object({ events: z.array(AdminAuditEventSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AdminAuditPage = z.infer<typeof AdminAuditPageSchema>;

/** GET /api/admin/organizations. */
export const AdminOrganizationListQuerySchema = z.strictObject({
  q: z.preprocess(emptyToUndefined, text().trim().max(200).optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminOrganizationSummarySchema = z.object({ id: z.string(), name: z.string(), subscriptionStatus: z.string(), memberCount: z.number(), createdAt: z.string() });
export type AdminOrganizationSummary = z.infer<typeof AdminOrganizationSummarySchema>;

export const AdminOrganizationListSchema = z.object({ organizations: z.array(AdminOrganizationSummarySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AdminOrganizationList = z.infer<typeof AdminOrganizationListSchema>;

export const AdminOrganizationIdParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation') });

/** The organisation's single sign-on as support sees it: none set up, set up, or required of its verified domains (ADR 227). */
export const AdminOrganizationSsoSchema = z.enum(['none', 'optional', 'required']);
export type AdminOrganizationSso = z.infer<typeof AdminOrganizationSsoSchema>;

export const AdminOrganizationDetailSchema = AdminOrganizationSummarySchema.extend({
  members: z.array(z.object({ userId: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), role: z.string(), status: z.string() })),
  sso: AdminOrganizationSsoSchema,
});
export type AdminOrganizationDetail = z.infer<typeof AdminOrganizationDetailSchema>;

export const LIFT_SSO_REASON_MAX_LENGTH = 500;

/** POST /api/admin/organizations/:id/sso/lift-requirement (super admins): why support lets the organisation's owners in with a password again (ADR 227). */
export const LiftSsoRequirementInputSchema = z.strictObject({
  reason: text()
    .trim()
    .min(1, 'Give the reason')
    .max(LIFT_SSO_REASON_MAX_LENGTH, `Must be at most ${LIFT_SSO_REASON_MAX_LENGTH} characters`),
});
export type LiftSsoRequirementInput = z.infer<typeof LiftSsoRequirementInputSchema>;
