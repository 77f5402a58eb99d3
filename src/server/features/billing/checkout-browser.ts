import { createHmac } from 'node:crypto';
import type { AuthContext } from '../../sessions/auth-context.ts';
import type { CheckoutRow } from './checkout-store.ts';
import { safeEqual } from '../../lib/safe-equal.ts';

/**
 * Who may read a checkout's status (GET /api/billing/checkout/:id, ADR 197): the browser that
 * started it, proven by an HttpOnly cookie holding an HMAC of the checkout id (so the id alone,
 * which travels in the success URL and Stripe's pages, proves nothing), or a signed-in member of
 * the organisation it was bought for, or the account of the address that paid.
 */
export const CHECKOUT_COOKIE = 'cifer_checkout';
export const CHECKOUT_COOKIE_PATH = '/api/billing/checkout';

export function checkoutProof(secret: string, checkoutSessionId: string): string {
  return createHmac('sha256', secret).update(`checkout-browser:${checkoutSessionId}`).digest('base64url');
}

export function mayReadCheckout(options: { checkout: Pick<CheckoutRow, 'id' | 'email' | 'organizationId'>; cookieValue: string | undefined; secret: string; auth: AuthContext | null }): boolean {
  const { checkout, cookieValue, secret, auth } = options;
  if (cookieValue && safeEqual(cookieValue, checkoutProof(secret, checkout.id))) return true;
  if (!auth) return false;
  if (checkout.organizationId && checkout.organizationId === auth.user.organizationId) return true;
  return checkout.email.toLowerCase() === auth.user.email.toLowerCase();
}
