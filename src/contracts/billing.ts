import { z } from 'zod';
import { text } from './text.ts';

/** The two plans of spec section 1: from $250/month, and annual assessment plans (ADR 131). */
export const PLAN_IDS = ['monthly', 'annual'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, 'Choose a plan');
export type PlanId = z.infer<typeof PlanIdSchema>;

export const SUBSCRIPTION_STATUSES = ['none', 'incomplete', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The one access rule (ADR 132), shared by the session check and the billing pages: trialing and
 * active subscriptions give access, and so does past_due until its grace period ends; `accessUntil`
 * (grace end, or an invoice-mode period end) cuts access at that instant whatever the status.
 */
export function hasSubscriptionAccess(status: string, accessUntil: Date | null, now: Date): boolean {
  if (status !== 'active' && status !== 'trialing' && status !== 'past_due') return false;
  if (status === 'past_due' && !accessUntil) return false;
  return !accessUntil || now.getTime() < accessUntil.getTime();
}

/** 'stripe': Stripe Checkout; 'invoice': talk to sales, admins activate by hand; and whether payment is required at all. */
export const BILLING_MODES = ['stripe', 'invoice'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  interval: 'month' | 'year';
  summary: string;
  features: string[];
}

export interface BillingOverview {
  mode: BillingMode;
  billingRequired: boolean;
  /** Stripe test key or a local fake: the test pages may act. */
  testMode: boolean;
  graceDays: number;
  plans: Plan[];
}

const email = text().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid work e-mail address');

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

export interface StartCheckoutResponse {
  checkoutSessionId: string;
  url: string;
}

export const CheckoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'Unknown checkout');

/** GET /api/billing/checkout/:id: the stored state of a checkout, set by the signed webhook only. */
export interface CheckoutStatus {
  status: 'open' | 'complete';
  plan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  /** The visitor paid without an account: a claim e-mail went to this (masked) address. */
  claimEmail: string | null;
  /** The subscription already belongs to an organisation. */
  attached: boolean;
}

export const ClaimInputSchema = z.strictObject({
  token: text().trim().min(16, 'Enter the code from your e-mail').max(200, 'Enter the code from your e-mail'),
});
export type ClaimInput = z.infer<typeof ClaimInputSchema>;

export interface ClaimResponse {
  message: string;
  plan: PlanId;
  status: SubscriptionStatus;
}

/** GET /api/billing/subscription: the signed-in user's organisation. */
export interface OrganizationSubscription {
  status: SubscriptionStatus;
  plan: PlanId | null;
  source: 'stripe' | 'invoice' | null;
  currentPeriodEnd: string | null;
  accessUntil: string | null;
  hasAccess: boolean;
  /** A Stripe customer exists: "Manage billing" can open the customer portal. */
  canManageBilling: boolean;
}

export interface PortalResponse {
  url: string;
}

/** Admin, invoice mode: activate or extend an organisation's subscription by hand (audited). */
export const AdminSubscriptionChangeSchema = z.strictObject({
  action: z.enum(['activate', 'extend', 'cancel']),
  plan: PlanIdSchema.default('annual'),
  months: z.coerce.number().int().min(1, 'At least 1 month').max(36, 'At most 36 months').default(12),
  note: text().trim().max(500).default(''),
});
export type AdminSubscriptionChange = z.input<typeof AdminSubscriptionChangeSchema>;

export const AdminOrganizationQuerySchema = z.object({ query: text().trim().max(200).default('') });

export interface AdminOrganizationSubscription {
  organizationId: string;
  organizationName: string;
  memberEmails: string[];
  subscription: OrganizationSubscription;
}

export interface AdminOrganizationList {
  organizations: AdminOrganizationSubscription[];
}

/** The test pages: each webhook event as it arrives. */
export interface BillingTestEvent {
  id: string;
  type: string;
  outcome: string;
  receivedAt: string;
}

export interface BillingTestRun {
  checkoutSessionId: string;
  checkoutStatus: 'open' | 'complete';
  plan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  events: BillingTestEvent[];
}

export const TestSubscriptionChangeSchema = z.strictObject({ checkoutSessionId: CheckoutSessionIdSchema, plan: PlanIdSchema });

/** Hides most of an address on pages anyone holding the checkout id can open. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}
