import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { unlockMfa } from '../../lib/mfa-unlock.ts';
import type { MfaOperationOptions } from './enrolment.ts';
import { findUserMfa } from './mfa-store.ts';
import { readUnlockToken, UNLOCK_TOKEN_LIFETIME_MS } from './unlock-token.ts';

/** POST /api/mfa/unlock: the link e-mailed after a hard lock-out; works once (see unlock-token.ts). */
export async function unlockWithLink(options: { db: Database; sessionSecret: string; token: string; now: Date; audit: Audit; log: MfaOperationOptions['log'] }): Promise<void> {
  const { db, sessionSecret, token, now, audit, log } = options;
  const invalid = new AppError('bad_request', 'This unlock link is invalid or has expired.');
  const claims = readUnlockToken(sessionSecret, token);
  if (!claims || now.getTime() - claims.lockedAtMs > UNLOCK_TOKEN_LIFETIME_MS) throw invalid;
  const row = await findUserMfa(db, claims.userId);
  if (!row?.hardLocked || row.lockedUntil?.getTime() !== claims.lockedAtMs) throw invalid;
  await unlockMfa(db, claims.userId, now);
  log.info({ userId: claims.userId }, 'mfa unlocked by e-mail link');
  await audit({ action: 'mfa.unlocked', actorUserId: claims.userId, targetUserId: claims.userId, details: { via: 'email_link' } });
}
