/**
 * CIFER's one Postgres schema (PGlite and PostgreSQL share it and its migrations).
 * Change it here, then run `npm run db:generate` and commit the SQL it writes to ./migrations.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** 'none' | 'active' | 'past_due' | 'canceled' — read by the billing gate when BILLING=required. */
  subscriptionStatus: text('subscription_status').notNull().default('none'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Always stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** 'user' | 'admin' | 'super_admin' */
    role: text('role').notNull().default('user'),
    /** 'active' | 'pending' | 'rejected' | 'disabled' */
    status: text('status').notNull().default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** An approved partner may create client organisations and invite people into them (ADR 141). */
    isPartner: boolean('is_partner').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_org_idx').on(table.organizationId)],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    company: text('company'),
    phone: text('phone'),
    message: text('message'),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').notNull().default('pending'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
  },
  (table) => [index('access_requests_status_idx').on(table.status, table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the random token held in the cookie; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is derived from lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the session passed TOTP or a backup code; null for a password-only session. */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
    /**
     * Start of the current password-only window (the 10-minute limit before TOTP): the creation
     * time, or when TOTP was disabled and the session lost its MFA flag. Null means createdAt.
     */
    passwordOnlySince: timestamp('password_only_since', { withTimezone: true }),
    /** The organisation this session works in (ADR 140); null means the user's home organisation. */
    currentOrganizationId: uuid('current_organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const userMfa = pgTable('user_mfa', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM ciphertext of the active TOTP secret; null when not enrolled. */
  totpSecretEnc: text('totp_secret_enc'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  pendingSecretEnc: text('pending_secret_enc'),
  pendingCreatedAt: timestamp('pending_created_at', { withTimezone: true }),
  /** Highest TOTP time step accepted; a step is accepted at most once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  failedCount: integer('failed_count').notNull().default(0),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  hardLocked: boolean('hard_locked').notNull().default(false),
  updatedAt: updatedAt(),
});

export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('backup_codes_user_idx').on(table.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 (hex) of the token sent by e-mail. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** 'pending' | 'held' (no SMTP configured: read it in /admin) | 'sent' | 'failed' (gave up after the last retry) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_outbox_due_idx').on(table.status, table.nextAttemptAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'login.success', 'login.failure', 'login.locked', 'password.reset', 'access.approved' */
    action: text('action').notNull(),
    ip: text('ip'),
    /** The organisation the event belongs to (the actor's current one by default), for owners' own log (ADR 144). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetUserId),
    index('audit_log_org_at_idx').on(table.organizationId, table.at),
  ],
);

/** Fixed-window counters for the rate limiter when no Redis is configured. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'login' | 'navigation' | 'password' | 'expert_consultation' | 'other' */
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    /** 'open' | 'answered' | 'closed' */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('help_requests_created_idx').on(table.createdAt)],
);

export const consultationRequests = pgTable(
  'consultation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    companySize: text('company_size').notNull(),
    industry: text('industry').notNull(),
    service: text('service').notNull(),
    message: text('message').notNull().default(''),
    /** 'new' | 'contacted' | 'closed' */
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
  },
  (table) => [index('consultation_requests_created_idx').on(table.createdAt)],
);

export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** 'draft' | 'completed' */
    status: text('status').notNull().default('draft'),
    /** The questionnaire answers (contracts RiskInput, possibly partial while a draft). */
    input: jsonb('input').$type<unknown>().notNull(),
    /** Where the user was in the guided flow, so a draft resumes there. */
    currentStep: text('current_step'),
    engineVersion: text('engine_version'),
    seed: integer('seed'),
    /** The engine's result, computed by the server at completion. */
    result: jsonb('result').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('assessments_org_created_idx').on(table.organizationId, table.createdAt)],
);

/** A user's place in an organisation (ADR 140): 'owner' | 'member' | 'viewer'. */
export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId] }), index('memberships_org_idx').on(table.organizationId)],
);

/** An e-mailed invitation into an organisation: single use, expiring, only the token's SHA-256 is stored (ADR 142). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-cased; only this address may accept. */
    email: text('email').notNull(),
    role: text('role').notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: uuid('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('invitations_token_hash_unique').on(table.tokenHash), index('invitations_org_idx').on(table.organizationId)],
);
