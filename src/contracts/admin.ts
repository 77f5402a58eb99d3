import { z } from 'zod';
import { text } from './text.ts';

export const AccessRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type AccessRequestStatus = z.infer<typeof AccessRequestStatusSchema>;

/** GET /api/admin/access-requests?status=pending|approved|rejected (default pending). */
export const AccessRequestListQuerySchema = z.strictObject({
  status: AccessRequestStatusSchema.default('pending'),
});

export interface AdminAccessRequest {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  status: AccessRequestStatus;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
}

/** POST /api/admin/access-requests/:id/approve and /reject. */
export const AccessDecisionInputSchema = z.strictObject({
  note: text().trim().max(1000, 'Must be at most 1000 characters').optional(),
  /** Approve as a partner, who may create client organisations (ADR 141). */
  partner: z.boolean().optional(),
});
export type AccessDecisionInput = z.infer<typeof AccessDecisionInputSchema>;

export const AccessRequestIdParamsSchema = z.strictObject({ id: z.uuid('Unknown access request') });

export interface AccessDecisionResponse {
  message: string;
  status: AccessRequestStatus;
}

/** GET /api/admin/outbox: the e-mail outbox, newest first, so messages can be delivered by hand. */
export const OutboxListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export interface AdminOutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

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

export interface AdminUserSummary {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: PlatformRole;
  status: UserStatus;
  isPartner: boolean;
  mfaEnabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  organizationName: string;
}

export interface AdminUserList {
  users: AdminUserSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export const AdminUserIdParamsSchema = z.strictObject({ id: z.uuid('Unknown user') });

export interface AdminUserDetail extends AdminUserSummary {
  mfaLocked: boolean;
  passwordLocked: boolean;
  failedLoginCount: number;
  organizations: Array<{ id: string; name: string; role: string; isHome: boolean }>;
  sessions: Array<{ createdAt: string; lastSeenAt: string; ip: string | null; userAgent: string | null; mfaVerified: boolean }>;
  recentEvents: AdminAuditEvent[];
}

/** POST /api/admin/users/:id/role. */
export const ChangeRoleInputSchema = z.strictObject({ role: PlatformRoleSchema });
/** POST /api/admin/users/:id/partner. */
export const SetPartnerInputSchema = z.strictObject({ partner: z.boolean() });
export const EmptyAdminBodySchema = z.strictObject({});

export interface AdminActionResponse {
  message: string;
}

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

export interface AdminAuditEvent {
  id: number;
  at: string;
  action: string;
  actorEmail: string | null;
  targetEmail: string | null;
  organizationName: string | null;
  ip: string | null;
  details: Record<string, unknown>;
}

export interface AdminAuditPage {
  events: AdminAuditEvent[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/organizations. */
export const AdminOrganizationListQuerySchema = z.strictObject({
  q: z.preprocess(emptyToUndefined, text().trim().max(200).optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export interface AdminOrganizationSummary {
  id: string;
  name: string;
  subscriptionStatus: string;
  memberCount: number;
  createdAt: string;
}

export interface AdminOrganizationList {
  organizations: AdminOrganizationSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export const AdminOrganizationIdParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation') });

export interface AdminOrganizationDetail extends AdminOrganizationSummary {
  members: Array<{ userId: string; email: string; firstName: string; lastName: string; role: string; status: string }>;
}
