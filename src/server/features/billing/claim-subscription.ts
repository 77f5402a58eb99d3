import { randomUUID } from 'node:crypto';
import type { ClaimResponse } from '@/contracts/billing.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { redeemClaim } from './claims.ts';

/**
 * POST /api/billing/claim: a subscription bought before sign-up joins the caller's current
 * organisation; the organisation's cached sessions see the new access at once.
 */
export async function claimSubscription(options: {
  db: Database;
  user: AuthContext['user'];
  token: string;
  now: Date;
  audit: Audit;
  events?: Pick<DomainEvents, 'emit'>;
}): Promise<ClaimResponse> {
  const { db, user, token, now, audit } = options;
  const claimed = await redeemClaim(db, token, user, now);
  options.events?.emit('subscription.changed', { organizationId: user.organizationId, changedAt: now.toISOString(), changeId: randomUUID() });
  await audit({ action: 'billing.subscription_claimed', targetUserId: user.id, details: { organizationId: user.organizationId, plan: claimed.plan } });
  return claimed;
}
