import type { PaymentRule } from '../../sessions/auth-context.ts';

/**
 * Who may use CIFER's paid routes: billing's one rule (ADR 132). The app hands `createPaymentRule`'s
 * answer to sessions (every request's `auth.requiresPayment`) and to log-in; the billing pages ask
 * `hasSubscriptionAccess` directly.
 */

/**
 * Trialing and active subscriptions give access, and so does past_due until its grace period ends;
 * `accessUntil` (grace end, or an invoice-mode period end) cuts access at that instant whatever the
 * status.
 */
export function hasSubscriptionAccess(status: string, accessUntil: Date | null, now: Date): boolean {
  if (status !== 'active' && status !== 'trialing' && status !== 'past_due') return false;
  if (status === 'past_due' && !accessUntil) return false;
  return !accessUntil || now.getTime() < accessUntil.getTime();
}

/** With billing required, an ordinary user must pay until their current organisation has access; staff never pay. */
export function createPaymentRule(billingRequired: boolean): PaymentRule {
  return (account, now) => billingRequired && account.role === 'user' && !hasSubscriptionAccess(account.subscriptionStatus, account.subscriptionAccessUntil, now);
}
