/**
 * CIFER's one Postgres schema (PGlite and PostgreSQL share it and its migrations).
 * Change it here, then run `npm run db:generate` and commit the SQL it writes to ./migrations.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
const generatedId = () => uuid('id').primaryKey().defaultRandom();
/** A row that belongs to one user (or organisation) and goes when it goes. */
const ownedByUser = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const ownedByOrganization = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const organizations = pgTable('organizations', {
  id: generatedId(),
  name: text('name').notNull(),
  /** 'none' | 'active' | 'past_due' | 'canceled' — read by the billing gate when BILLING=required. */
  subscriptionStatus: text('subscription_status').notNull().default('none'),
  /** Billing (ADR 132): when set, access ends at this instant (grace after a failed payment, invoice period end). */
  subscriptionAccessUntil: timestamp('subscription_access_until', { withTimezone: true }),
  /** Privacy (ADR 233): when an owner asked to delete it; members other than owners lose access at once. */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  /** Privacy (ADR 233): when the purge job erases it, unless an owner restores it first. */
  deletionScheduledFor: timestamp('deletion_scheduled_for', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
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
    /** Set when the account was created by single sign-on (ADR 225): the directory manages it. */
    ssoConnectionId: uuid('sso_connection_id').references((): AnyPgColumn => ssoConnections.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_org_idx').on(table.organizationId)],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: generatedId(),
    userId: ownedByUser(),
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
    userId: ownedByUser(),
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
    id: generatedId(),
    userId: ownedByUser(),
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
    userId: ownedByUser(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: generatedId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** What anyone may read (/admin's outbox): secret links and codes replaced by a note (ADR 190). */
    text: text('text').notNull(),
    /** The text as delivered, secrets included, encrypted with ENCRYPTION_KEY; only the mailer and `npm run mail:show` open it; emptied once sent (ADR 190). */
    sealedText: text('sealed_text'),
    /** 'pending' | 'sending' (claimed by one instance, ADR 151) | 'held' (no SMTP configured: read it in /admin) | 'sent' | 'failed' (gave up after the last retry) */
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
    id: generatedId(),
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
    id: generatedId(),
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
    id: generatedId(),
    organizationId: ownedByOrganization(),
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
    /**
     * The result's headline figures, written with it (db/repositories/assessment-writes.ts), so lists
     * never read the whole result: a field read out of the large, compressed `result` decompresses all of it.
     */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** 'business' (short plain-language questions) | 'commercial' (the 19 factors); ADR 110. */
    path: text('path').notNull().default('commercial'),
    /** Business-leader answers by question id ('unknown' allowed), mapped onto the factors in input. */
    businessAnswers: jsonb('business_answers').$type<unknown>().notNull().default({}),
    /** Evidence notes per factor (commercial path), optional free text. */
    evidenceNotes: jsonb('evidence_notes').$type<unknown>().notNull().default({}),
    /** Who answered each factor, on which path and when: { [factorId]: { answeredBy, path, at } }. */
    answerProvenance: jsonb('answer_provenance').$type<unknown>().notNull().default({}),
    /** The assessment this one refines (a business-leader assessment handed to the security lead). */
    sourceAssessmentId: uuid('source_assessment_id'),
  },
  (table) => [index('assessments_org_created_idx').on(table.organizationId, table.createdAt)],
);

/** Billing (ADR 130-134): one subscription per organisation; a visitor's paid subscription has no organisation until claimed. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: generatedId(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** 'monthly' | 'annual' */
    plan: text('plan').notNull(),
    /** 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' */
    status: text('status').notNull(),
    /** 'stripe' | 'invoice' */
    source: text('source').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Access ends here when set (grace end while past due; period end in invoice mode). */
    accessUntil: timestamp('access_until', { withTimezone: true }),
    /** Stripe `created` (seconds) of the last event applied: an older event never overwrites a newer state. */
    lastEventCreated: bigint('last_event_created', { mode: 'number' }),
    purchaserEmail: text('purchaser_email'),
    company: text('company'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_org_unique').on(table.organizationId),
    uniqueIndex('subscriptions_stripe_unique').on(table.stripeSubscriptionId),
  ],
);

/** Checkout Sessions we created; the browser's /payment-success reads its state from here, never from the query string. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's Checkout Session id (cs_...). */
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    /** 'open' | 'complete' */
    status: text('status').notNull().default('open'),
    /** A run of /test-payment: no claim e-mail is sent. */
    isTest: boolean('is_test').notNull().default(false),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('checkout_sessions_subscription_idx').on(table.subscriptionId)],
);

/** Single-use, expiring claim links for subscriptions bought before an account existed (ADR 133). */
export const subscriptionClaims = pgTable(
  'subscription_claims',
  {
    /** SHA-256 (hex) of the token sent by e-mail. */
    tokenHash: text('token_hash').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByUserId: uuid('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('subscription_claims_subscription_idx').on(table.subscriptionId)],
);

/** Every Stripe event id accepted once (a replay has no second effect), with what it touched for the test pages. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    /** Arrival order (several events can arrive within one clock tick). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** Stripe `created`, seconds. */
    created: bigint('created', { mode: 'number' }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** What the handler did: 'applied' | 'ignored:<reason>'. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('billing_events_subscription_idx').on(table.stripeSubscriptionId), index('billing_events_checkout_idx').on(table.checkoutSessionId)],
);
/**
 * An organisation's logo for its reports: PNG or JPEG up to 500 KB, decoded at
 * upload, one per organisation. Stored as base64 text so PGlite and PostgreSQL return it alike.
 */
export const organizationLogos = pgTable('organization_logos', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** 'image/png' | 'image/jpeg' */
  contentType: text('content_type').notNull(),
  dataBase64: text('data_base64').notNull(),
  byteLength: integer('byte_length').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
/**
 * The database-backed job queue (src/server/jobs, ADR 150): instances claim due rows with
 * `FOR UPDATE SKIP LOCKED`, so one job runs on one instance. `dedupe_key` makes a scheduled
 * job unique per period, whichever instance enqueues it first.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: generatedId(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** 'pending' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('pending'),
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time while pending; the lease expiry while running (a crashed instance's job is claimed again after it). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('jobs_due_idx').on(table.status, table.runAt), uniqueIndex('jobs_dedupe_unique').on(table.dedupeKey)],
);

/** Reassessment cadence of an organisation (monitoring); absent = yearly. */
export const monitoringSchedules = pgTable('monitoring_schedules', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** 'quarterly' | 'half_yearly' | 'yearly' */
  cadence: text('cadence').notNull().default('yearly'),
  updatedAt: updatedAt(),
});

/** The action plan: recommendations accepted as actions (monitoring). */
export const monitoringActions = pgTable(
  'monitoring_actions',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
    /** The completed assessment whose recommendation was accepted (the realised reduction is measured from it). */
    sourceAssessmentId: uuid('source_assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    factorId: text('factor_id').notNull(),
    /** The recommendation's target answer ('best' today). */
    targetAnswer: text('target_answer').notNull(),
    title: text('title').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: text('due_date'),
    /** 'planned' | 'in_progress' | 'done' | 'declined' */
    status: text('status').notNull().default('planned'),
    declineReason: text('decline_reason'),
    estimatedCostUsd: integer('estimated_cost_usd'),
    actualCostUsd: integer('actual_cost_usd'),
    /** The recommendation's annual loss reduction when accepted (USD/year). */
    expectedReductionUsd: integer('expected_reduction_usd').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('monitoring_actions_org_idx').on(table.organizationId, table.createdAt)],
);

/**
 * Every reminder e-mail sent, one row per (organisation, kind, subject, period): the unique key
 * makes each reminder idempotent across scheduler passes and app instances.
 */
export const monitoringReminders = pgTable(
  'monitoring_reminders',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
    /** 'reassessment_due' | 'reassessment_overdue' | 'action_due' | 'action_overdue' | 'certification_anniversary' */
    kind: text('kind').notNull(),
    /** What it is about: 'organization', an action id, or a framework id. */
    subjectKey: text('subject_key').notNull(),
    /** The period it belongs to, e.g. the due date (YYYY-MM-DD). */
    periodKey: text('period_key').notNull(),
    recipients: integer('recipients').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('monitoring_reminders_unique').on(table.organizationId, table.kind, table.subjectKey, table.periodKey)],
);

/** A user's place in an organisation (ADR 140): 'owner' | 'member' | 'viewer'. */
export const memberships = pgTable(
  'memberships',
  {
    userId: ownedByUser(),
    organizationId: ownedByOrganization(),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId] }), index('memberships_org_idx').on(table.organizationId)],
);

/** An e-mailed invitation into an organisation: single use, expiring, only the token's SHA-256 is stored (ADR 142). */
export const invitations = pgTable(
  'invitations',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
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

/**
 * An organisation's cyber-insurance policy and risk appetite (ADR 218), one row per organisation;
 * `settings` is the contracts' RiskProfileSettings (the policy's limit, retention, co-insurance and
 * sub-limits, and the appetite), validated on the way in and out.
 */
export const riskProfiles = pgTable('risk_profiles', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** The risk profile as it was when an assessment was completed (ADR 218): its reports keep showing it after the profile changes. */
export const assessmentRiskProfiles = pgTable('assessment_risk_profiles', {
  assessmentId: uuid('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * An organisation's OpenID Connect connection (ADR 225). The client secret is sealed with
 * ENCRYPTION_KEY (lib/secret-crypto.ts) and never leaves the server again.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
    name: text('name').notNull(),
    /** The issuer URL; its discovery document names the endpoints and keys. */
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretEnc: text('client_secret_enc').notNull(),
    /** The organisation role a member created by this connection gets: 'member' | 'viewer' | 'owner'. */
    defaultRole: text('default_role').notNull().default('member'),
    /** When true, people of its verified domains may not sign in with a password (ADR 227). */
    required: boolean('required').notNull().default(false),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('sso_connections_org_idx').on(table.organizationId)],
);

/**
 * An e-mail domain a connection covers (ADR 225). It lets nobody in until verified, by a DNS TXT
 * record holding `verificationToken` or by a super_admin; a verified domain belongs to one
 * organisation only (the partial unique index).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: generatedId(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    organizationId: ownedByOrganization(),
    /** Lower-cased, without a leading "@". */
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** 'dns' | 'admin' */
    verifiedBy: text('verified_by'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sso_domains_verified_unique').on(table.domain).where(sql`${table.verifiedAt} is not null`),
    uniqueIndex('sso_domains_connection_domain_unique').on(table.connectionId, table.domain),
    index('sso_domains_domain_idx').on(table.domain),
  ],
);

/**
 * One sign-in in flight with a provider: the SHA-256 of `state` as id, the PKCE verifier and the
 * nonce. Single use (deleted when the callback claims it) and short-lived.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    id: text('id').primaryKey(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sso_login_attempts_expiry_idx').on(table.expiresAt)],
);

/** A WebAuthn credential (passkey) of a user (ADR 226). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: generatedId(),
    userId: ownedByUser(),
    /** The credential id, base64url; unique across all users. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; a use that does not raise a non-zero counter is a clone. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** 'singleDevice' | 'multiDevice' */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('passkeys_credential_unique').on(table.credentialId), index('passkeys_user_idx').on(table.userId)],
);

/**
 * A WebAuthn challenge handed to a browser (ADR 226): single use (deleted when answered) and
 * short-lived. `purpose` is 'register' | 'verify' | 'sign_in'; a sign-in challenge has no user yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: generatedId(),
    /** base64url; unique. */
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session that asked (register, verify); null for a passwordless sign-in. */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('webauthn_challenges_challenge_unique').on(table.challenge), index('webauthn_challenges_expiry_idx').on(table.expiresAt)],
);

/**
 * An API token (ADR 228): personal (acts as its owner) or organisation (created by an owner, acts
 * with the creator's rights while they remain an owner), always within one organisation. Only the
 * SHA-256 of the secret is stored; `prefix` is the visible start that names it in lists.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: generatedId(),
    /** 'personal' | 'organization' */
    kind: text('kind').notNull(),
    userId: ownedByUser(),
    organizationId: ownedByOrganization(),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the whole secret. */
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters (kind prefix and a few random ones), for recognising it in lists. */
    prefix: text('prefix').notNull(),
    /** 'read' and/or 'write' */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('api_tokens_hash_unique').on(table.tokenHash), index('api_tokens_user_idx').on(table.userId), index('api_tokens_org_idx').on(table.organizationId)],
);

/**
 * An organisation's webhook endpoint (ADR 229): the events it wants and its signing secret
 * (Standard Webhooks `whsec_…`, sealed with ENCRYPTION_KEY). After a rotation the previous secret
 * keeps signing beside the new one until `previousSecretExpiresAt`, so receivers can switch over.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types, e.g. 'assessment.completed'. */
    events: jsonb('events').$type<string[]>().notNull(),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoints_org_idx').on(table.organizationId)],
);

/**
 * One event for one endpoint and its delivery attempts (ADR 229): the delivery log. `messageId` is the
 * Standard Webhooks `webhook-id`; unique per endpoint, so an event is queued once however many
 * instances saw it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: generatedId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    organizationId: ownedByOrganization(),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** 'pending' | 'delivered' | 'failed' (retries exhausted) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_message_unique').on(table.endpointId, table.messageId),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/**
 * An OAuth client an AI assistant registered itself (RFC 7591, ADR 294). `id` is the client_id; a
 * confidential client's secret is kept as its SHA-256 only. Clients that never got a grant are
 * purged after a day, so open registration cannot fill the table.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    /** 'none' | 'client_secret_basic' | 'client_secret_post' */
    tokenEndpointAuthMethod: text('token_endpoint_auth_method').notNull(),
    clientSecretHash: text('client_secret_hash'),
    /** 'authorization_code' and, when the client asked for it, 'refresh_token'. */
    grantTypes: jsonb('grant_types').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_clients_created_idx').on(table.createdAt)],
);

/**
 * What a person consented to (ADR 294): one assistant (client) acting as them in one organisation,
 * with these scopes, for one resource (the MCP endpoint). A connected assistant in /account; revoking
 * it ends its tokens at once.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: generatedId(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: ownedByUser(),
    organizationId: ownedByOrganization(),
    /** 'read' and possibly 'write' */
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** The RFC 8707 resource its tokens are bound to: <APP_URL>/mcp. */
    resource: text('resource').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_grants_user_idx').on(table.userId), index('oauth_grants_org_idx').on(table.organizationId), index('oauth_grants_client_idx').on(table.clientId)],
);

/** An authorization request waiting for the person's decision on the consent page (ADR 294): ten minutes, once. */
export const oauthAuthorizationRequests = pgTable(
  'oauth_authorization_requests',
  {
    /** The random handle in the consent page's address. */
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state'),
    codeChallenge: text('code_challenge').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    resource: text('resource').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_authorization_requests_expiry_idx').on(table.expiresAt)],
);

/** A code or token of an OAuth grant, gone with it. */
const ownedByGrant = () =>
  uuid('grant_id')
    .notNull()
    .references(() => oauthGrants.id, { onDelete: 'cascade' });

/** An authorization code (ADR 294): its SHA-256 as id, one minute, consumed once; a second use revokes the grant. */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    id: text('id').primaryKey(),
    grantId: ownedByGrant(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('oauth_codes_expiry_idx').on(table.expiresAt)],
);

/**
 * An access or refresh token of a grant (ADR 294): only its SHA-256 is stored. A refresh token is
 * consumed when it is exchanged (rotation); presenting a consumed one revokes the grant.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    grantId: ownedByGrant(),
    /** 'access' | 'refresh' */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A refresh token's first exchange. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('oauth_tokens_grant_idx').on(table.grantId), index('oauth_tokens_expiry_idx').on(table.expiresAt)],
);

/** An organisation's SCIM bearer token (ADR 296), created by an owner: only its SHA-256 is stored. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: generatedId(),
    organizationId: ownedByOrganization(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The secret's visible start, for lists. */
    prefix: text('prefix').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('scim_tokens_hash_unique').on(table.tokenHash), index('scim_tokens_org_idx').on(table.organizationId)],
);

/**
 * What an organisation's directory knows of one of its people (ADR 296), written by SCIM: the
 * directory's own id for them, whether the directory deactivated the account (only then may it
 * activate it again) and whether it deleted the resource (then SCIM no longer shows it).
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: ownedByOrganization(),
    externalId: text('external_id'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('scim_users_org_idx').on(table.organizationId)],
);
