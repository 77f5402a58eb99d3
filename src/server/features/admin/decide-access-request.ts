import type { AccessDecisionInput, AccessDecisionResponse } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { settlePendingAccount } from '../../sessions/revocation.ts';
import { findAccessRequest, recordAccessDecision } from './access-request-repository.ts';
import { accessApprovedEmail, accessRejectedEmail } from './admin-mail.ts';

/**
 * Approve or reject one pending request (AUTH-04, AC-08): never your own, each request decided
 * once (a conditional update, so two admins clicking at once cannot both decide), audited, and
 * the requester is told by e-mail.
 */
export async function decideAccessRequest(options: {
  db: Database;
  mailer: Mailer;
  /** APP_URL: the sign-in link of the approval e-mail. */
  appUrl: string;
  auth: AuthContext;
  id: string;
  decision: 'approved' | 'rejected';
  input: AccessDecisionInput;
  now: Date;
  audit: Audit;
}): Promise<AccessDecisionResponse> {
  const { db, mailer, appUrl, auth, id, decision, now, audit } = options;
  const { note, partner } = options.input;
  const existing = await findAccessRequest(db, id);
  if (!existing) throw new AppError('not_found', 'Access request not found');
  if (existing.userId === auth.user.id) {
    await audit({ action: 'access.self_decision_refused', targetUserId: existing.userId, details: { accessRequestId: id, decision } });
    throw new AppError('forbidden', 'You cannot decide on your own access request');
  }
  const decided = await recordAccessDecision(db, id, { status: decision, decidedById: auth.user.id, note: note || null }, now);
  if (!decided) throw new AppError('conflict', 'This request has already been decided');

  await settlePendingAccount(db, existing.userId, decision, { partner: partner === true }, now);
  await audit({
    action: decision === 'approved' ? 'access.approved' : 'access.rejected',
    targetUserId: existing.userId,
    details: { accessRequestId: id, note: note || null, partner: decision === 'approved' && partner === true },
  });
  await mailer.send(
    decision === 'approved'
      ? accessApprovedEmail(existing.email, appUrl, existing.firstName, note)
      : accessRejectedEmail(existing.email, existing.firstName, note),
  );
  return { message: decision === 'approved' ? 'Access approved' : 'Access request rejected', status: decision };
}
