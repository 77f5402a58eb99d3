import { requireFreshVerification } from '../../sessions/step-up.ts';
import { issueBackupCodes, type MfaOperationOptions } from './enrolment.ts';
import { sendMfaNotice } from './notices.ts';

/** POST /api/mfa/backup-codes/regenerate (fresh step-up needed): ten new codes, the old ones stop working (BC-04). */
export async function regenerateBackupCodes(options: Omit<MfaOperationOptions, 'encryptionKey'>): Promise<string[]> {
  const { db, mailer, auth, now, audit, log } = options;
  requireFreshVerification(auth, now);
  const backupCodes = await issueBackupCodes(db, auth.user.id, now);
  log.info({ userId: auth.user.id }, 'backup codes regenerated');
  await audit({ action: 'mfa.backup_codes_regenerated', targetUserId: auth.user.id });
  await sendMfaNotice(mailer, auth.user.email, { kind: 'regenerated' });
  return backupCodes;
}
