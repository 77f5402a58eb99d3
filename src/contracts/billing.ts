import { z } from 'zod';
import { AUTH_MESSAGES } from './auth.ts';
import { text } from './text.ts';

/** The two plans of spec section 1: from $250/month, and annual assessment plans (ADR 131). */
export const PLAN_IDS = ['monthly', 'annual'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, 'Choose a plan');
export type PlanId = z.infer<typeof PlanIdSchema>;

export const SUBSCRIPTION_STATUSES = ['none', 'incomplete', 'trialing', 'active', 'past_due', 'canceled'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** 'stripe': Stripe Checkout; 'invoice': talk to sales, admins activate by hand; and whether payment is required at all. */
export const BILLING_MODES = ['stripe', 'invoice'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  priceUsd: z.number(),
  interval: z.enum(['month', 'year']),
  summary: z.string(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof PlanSchema>;

/** GET /api/billing/plans. */
export const BillingOverviewSchema = z.object({
  mode: z.enum(BILLING_MODES),
  billingRequired: z.boolean(),
  /** Stripe test key or a local fake: the test pages may act. */
  testMode: z.boolean(),
  graceDays: z.number(),
  plans: z.array(PlanSchema),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

const email = text().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MESSAGES.loginEmail);

/** POST /api/billing/checkout: a visitor gives work e-mail and company; a signed-in user's organisation is used instead. */
export const StartCheckoutInputSchema = z.strictObject({
  plan: PlanIdSchema,
  email: email.optional(),
  company: text().trim().min(1, 'Company name is required').max(200).optional(),
});
export type StartCheckoutInput = z.infer<typeof StartCheckoutInputSchema>;

export const VisitorCheckoutFormSchema = z.object({
  plan: PlanIdSchema,
  email,
  company: text().trim().min(1, 'Company name is required').max(200),
});
export type VisitorCheckoutForm = z.infer<typeof VisitorCheckoutFormSchema>;

export const StartCheckoutResponseSchema = z.object({ checkoutSessionId: z.string(), url: z.string() });
export type StartCheckoutResponse = z.infer<typeof StartCheckoutResponseSchema>;

export const CheckoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'Unknown checkout');
/** GET /api/billing/checkout/:id and /api/billing/test/runs/:id. */
export const CheckoutParamsSchema = z.object({ id: CheckoutSessionIdSchema });

const CheckoutStateSchema = z.enum(['open', 'complete']);

/** GET /api/billing/checkout/:id: the stored state of a checkout, set by the signed webhook only. */
export const CheckoutStatusSchema = z.object({
  status: CheckoutStateSchema,
  plan: PlanIdSchema,
  subscriptionStatus: SubscriptionStatusSchema,
  /** The visitor paid without an account: a claim e-mail went to this (masked) address. */
  claimEmail: z.string().nullable(),
  /** The subscription already belongs to an organisation. */
  attached: z.boolean(),
});
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

export const ClaimInputSchema = z.strictObject({
  token: text().trim().min(16, 'Enter the code from your e-mail').max(200, 'Enter the code from your e-mail'),
});
export type ClaimInput = z.infer<typeof ClaimInputSchema>;

export const ClaimResponseSchema = z.object({ message: z.string(), plan: PlanIdSchema, status: SubscriptionStatusSchema });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

/** GET /api/billing/subscription: the signed-in user's organisation. */
export const OrganizationSubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  plan: PlanIdSchema.nullable(),
  source: z.enum(['stripe', 'invoice']).nullable(),
  currentPeriodEnd: z.string().nullable(),
  accessUntil: z.string().nullable(),
  hasAccess: z.boolean(),
  /** A Stripe customer exists: "Manage billing" can open the customer portal. */
  canManageBilling: z.boolean(),
});
export type OrganizationSubscription = z.infer<typeof OrganizationSubscriptionSchema>;

export const PortalResponseSchema = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof PortalResponseSchema>;

/** Admin, invoice mode: activate or extend an organisation's subscription by hand (audited). */
export const AdminSubscriptionChangeSchema = z.strictObject({
  action: z.enum(['activate', 'extend', 'cancel']),
  plan: PlanIdSchema.default('annual'),
  months: z.coerce.number().int().min(1, 'At least 1 month').max(36, 'At most 36 months').default(12),
  note: text().trim().max(500).default(''),
});
export type AdminSubscriptionChange = z.input<typeof AdminSubscriptionChangeSchema>;

export const AdminOrganizationQuerySchema = z.object({ query: text().trim().max(200).default('') });
/** GET /api/admin/billing/organizations/:id and its POST .../subscription. */
export const BillingOrganizationParamsSchema = z.object({ id: z.uuid('Unknown organisation') });

export const AdminOrganizationSubscriptionSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  memberEmails: z.array(z.string()),
  subscription: OrganizationSubscriptionSchema,
});
export type AdminOrganizationSubscription = z.infer<typeof AdminOrganizationSubscriptionSchema>;

/** GET /api/admin/billing/organizations. */
export const AdminOrganizationListSchema = z.object({ organizations: z.array(AdminOrganizationSubscriptionSchema) });
export type AdminOrganizationList = z.infer<typeof AdminOrganizationListSchema>;

/** The test pages: each webhook event as it arrives. */
export const BillingTestEventSchema = z.object({ id: z.string(), type: z.string(), outcome: z.string(), receivedAt: z.string() });
export type BillingTestEvent = z.infer<typeof BillingTestEventSchema>;

export const BillingTestRunSchema = z.object({
  checkoutSessionId: z.string(),
  checkoutStatus: CheckoutStateSchema,
  plan: PlanIdSchema,
  subscriptionStatus: SubscriptionStatusSchema,
  events: z.array(BillingTestEventSchema),
});
export type BillingTestRun = z.infer<typeof BillingTestRunSchema>;

export const TestSubscriptionChangeSchema = z.strictObject({ checkoutSessionId: CheckoutSessionIdSchema, plan: PlanIdSchema });

/** POST /api/billing/webhook: Stripe reads only the status; `duplicate` says the event was applied before. */
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** Hides most of an address on pages anyone holding the checkout id can open. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
