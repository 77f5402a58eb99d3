import type { AdminActionResponse } from '@/contracts/admin.ts';
import { setUserPartner } from '../../sessions/revocation.ts';
import { loadTarget, type AccountActionOptions } from './account-target.ts';

/** POST /api/admin/users/:id/partner: an approved partner may create client organisations (ADR 141). */
export async function setPartner(options: AccountActionOptions & { partner: boolean }): Promise<AdminActionResponse> {
  const { db, partner, now, audit } = options;
  const target = await loadTarget(options);
  await setUserPartner(db, target.id, partner, now);
  await audit({ action: 'admin.partner_changed', targetUserId: target.id, details: { before: { partner: target.isPartner }, after: { partner } } });
  return { message: partner ? 'Marked as partner' : 'Partner status removed' };
}
