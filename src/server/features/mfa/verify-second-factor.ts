import type { MfaMethod } from '@/contracts/mfa.ts';
import { AppError } from '../../errors.ts';
import { verifyBackupCode } from './backup-codes.ts';
import { completeMfaForSession, INVALID_CODE_MESSAGE, isEnrolled, secretAssociatedData, type MfaOperationOptions } from './enrolment.ts';
import { lockedError, MFA_LOCK_DURATION_MS, recordFailure, recordSuccess, reserveAttempt } from './failure-counter.ts';
import { consumeBackupCode } from '../../sessions/two-factor-state.ts';
import { claimTotpStep, countUnusedBackupCodes, findUserMfa, listUnusedBackupCodes } from './mfa-store.ts';
import { sendMfaNotice } from './notices.ts';
import { decryptSecret } from '../../lib/secret-crypto.ts';
import { findAcceptedStep } from './totp.ts';
import { createUnlockToken } from './unlock-token.ts';

/**
 * POST /api/mfa/verify: a TOTP code (each step once) or an unused backup code completes the
 * session's second factor. Every attempt is reserved from the shared failure budget first
 * (failure-counter.ts); a lock-out is told by e-mail. Returns the new session token.
 */
export async function verifySecondFactor(
  options: MfaOperationOptions & { input: { type: MfaMethod; code: string }; sessionSecret: string; appUrl: string },
): Promise<{ method: MfaMethod; sessionToken: string }> {
  const { db, mailer, encryptionKey, auth, now, audit, log, input, sessionSecret, appUrl } = options;
  const userId = auth.user.id;
  const row = await findUserMfa(db, userId);
  if (!isEnrolled(row)) throw new AppError('mfa_setup_required', 'Two-factor authentication must be set up first');

  const attempt = await reserveAttempt(db, userId, now);
  if (attempt.kind !== 'reserved') throw lockedError(attempt);

  let accepted = false;
  if (input.type === 'totp') {
    const step = findAcceptedStep(decryptSecret(encryptionKey, row.totpSecretEnc, secretAssociatedData(userId)), input.code, now);
    accepted = step !== null && (await claimTotpStep(db, userId, step, now));
  } else {
    for (const candidate of await listUnusedBackupCodes(db, userId)) {
      if (await verifyBackupCode(candidate.codeHash, input.code)) {
        accepted = await consumeBackupCode(db, candidate.id, now);
        break;
      }
    }
  }

  if (!accepted) {
    const lock = await recordFailure(db, userId, attempt, now);
    log.info({ userId, method: input.type, lock }, 'mfa verification failed');
    await audit({ action: lock === 'none' ? 'mfa.failure' : `mfa.${lock}`, targetUserId: userId, details: { method: input.type } });
    if (lock === 'locked') {
      await sendMfaNotice(mailer, auth.user.email, { kind: 'locked', minutes: MFA_LOCK_DURATION_MS / 60_000 });
      throw new AppError('unauthorized', `${INVALID_CODE_MESSAGE}. Too many failed attempts: verification is locked for 15 minutes.`);
    }
    if (lock === 'hard_locked') {
      const fresh = await findUserMfa(db, userId);
      const token = createUnlockToken(sessionSecret, userId, fresh?.lockedUntil ?? now);
      const unlockUrl = new URL(`/mfa-verification#unlock=${encodeURIComponent(token)}`, appUrl).toString();
      await sendMfaNotice(mailer, auth.user.email, { kind: 'hard_locked', unlockUrl });
      throw new AppError('unauthorized', `${INVALID_CODE_MESSAGE}. Too many failed attempts: verification is locked until you use the link we e-mailed you.`);
    }
    throw new AppError('unauthorized', INVALID_CODE_MESSAGE);
  }

  await recordSuccess(db, userId, now);
  const sessionToken = await completeMfaForSession(db, auth.session.id, now);
  log.info({ userId, method: input.type }, 'mfa verified');
  await audit({ action: 'mfa.verified', targetUserId: userId, details: { method: input.type } });
  if (input.type === 'backup') {
    await sendMfaNotice(mailer, auth.user.email, { kind: 'backup_code_used', remaining: await countUnusedBackupCodes(db, userId) });
  }
  return { method: input.type, sessionToken };
}
