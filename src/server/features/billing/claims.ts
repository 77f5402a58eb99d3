import { createHash, randomBytes } from 'node:crypto';
import { type ClaimResponse, type PlanId, type SubscriptionStatus } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertClaim, isClaimUsable, spendClaim } from './claim-store.ts';
import { attachToOrganization, findOrganizationSubscription, findSubscriptionById, type Db } from './subscription-store.ts';
import { hasSubscriptionAccess } from './entitlement.ts';
import { changeOrganizationAccess } from '../../sessions/organization-access.ts';

/** ADR 133: long enough to cover a holiday, short enough that an old e-mail is not a standing key. */
export const CLAIM_VALID_DAYS = 7;
export const INVALID_CLAIM_MESSAGE = 'This claim code is invalid, has expired or was already used.';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 256-bit token for the e-mail; only its SHA-256 is stored. */
export async function issueClaimToken(db: Db, subscriptionId: string, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertClaim(db, { tokenHash: hashToken(token), subscriptionId, email, expiresAt: new Date(now.getTime() + CLAIM_VALID_DAYS * 86_400_000) }, now);
  return token;
}

/**
 * Attaches the claimed subscription to the user's organisation. The token is spent by one
 * conditional UPDATE, so of two parallel claims exactly one wins; any refusal after that rolls
 * the spend back.
 */
export const CLAIM_OTHER_ADDRESS_MESSAGE = 'This subscription was bought with another e-mail address. Sign in with the CIFER account of the address the claim e-mail was sent to.';

/**
 * Only the account of the address that paid may claim (ADR 195): the link was e-mailed there, so
 * holding it and signing in with that address proves the mailbox. Anyone else holding the link
 * (a forwarded e-mail, someone who saw it) is refused and the claim stays usable.
 */
export async function redeemClaim(db: Database, token: string, user: { id: string; organizationId: string; email: string }, now: Date): Promise<ClaimResponse> {
  return changeOrganizationAccess(db, async (tx) => {
    const tokenHash = hashToken(token);
    const claim = await spendClaim(tx, tokenHash, { userId: user.id, email: user.email }, now);
    if (!claim) {
      if (await isClaimUsable(tx, tokenHash, now)) throw new AppError('forbidden', CLAIM_OTHER_ADDRESS_MESSAGE);
      throw new AppError('bad_request', INVALID_CLAIM_MESSAGE);
    }
    const subscription = await findSubscriptionById(tx, claim.subscriptionId);
    if (!subscription || (subscription.organizationId && subscription.organizationId !== user.organizationId)) {
      throw new AppError('bad_request', INVALID_CLAIM_MESSAGE);
    }
    const current = await findOrganizationSubscription(tx, user.organizationId);
    if (current && current.id !== subscription.id && hasSubscriptionAccess(current.status, current.accessUntil, now)) {
      throw new AppError('conflict', 'Your organisation already has an active subscription. Contact support to combine them.');
    }
    const attached = await attachToOrganization(tx, subscription.id, user.organizationId, now);
    return { message: 'Subscription claimed', plan: attached.plan as PlanId, status: attached.status as SubscriptionStatus };
  });
}
