import { AppError } from '../../errors.ts';
import { completeMfaForSession, INVALID_CODE_MESSAGE, issueBackupCodes, refuseSetupWhenEnrolled, secretAssociatedData, type MfaOperationOptions } from './enrolment.ts';
import { activateTotp } from '../../sessions/two-factor-state.ts';
import { findUserMfa, isPendingFresh } from './mfa-store.ts';
import { sendMfaNotice } from './notices.ts';
import { decryptSecret } from '../../lib/secret-crypto.ts';
import { findAcceptedStep } from './totp.ts';

/**
 * POST /api/mfa/totp/verify-setup: a code from the pending secret turns it on, issues the backup
 * codes and marks this session verified. Returns the codes (shown once) and the new session token.
 */
export async function confirmTotpSetup(options: MfaOperationOptions & { code: string }): Promise<{ backupCodes: string[]; sessionToken: string }> {
  const { db, mailer, encryptionKey, auth, now, audit, log, code } = options;
  const row = await findUserMfa(db, auth.user.id);
  refuseSetupWhenEnrolled(auth, row);
  if (!row || !isPendingFresh(row, now)) {
    throw new AppError('bad_request', 'No set-up in progress, or it expired after 15 minutes. Please start the set-up again.');
  }
  const pendingSecretEnc = row.pendingSecretEnc!;
  const step = findAcceptedStep(decryptSecret(encryptionKey, pendingSecretEnc, secretAssociatedData(auth.user.id)), code, now);
  if (step === null) throw new AppError('bad_request', `${INVALID_CODE_MESSAGE}. Check your authenticator app's time and try the newest code.`);
  if (!(await activateTotp(db, auth.user.id, pendingSecretEnc, step, now))) {
    throw new AppError('conflict', 'This set-up was already completed or replaced. Please reload the page.');
  }
  const backupCodes = await issueBackupCodes(db, auth.user.id, now);
  const sessionToken = await completeMfaForSession(db, auth.session.id, now);
  log.info({ userId: auth.user.id }, 'totp enabled');
  await audit({ action: 'mfa.totp_enabled', targetUserId: auth.user.id });
  await sendMfaNotice(mailer, auth.user.email, { kind: 'enrolled' });
  return { backupCodes, sessionToken };
}
