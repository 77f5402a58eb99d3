import type { MfaTestResponse } from '@/contracts/mfa.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isEnrolled, secretAssociatedData } from './enrolment.ts';
import { findUserMfa } from './mfa-store.ts';
import { decryptSecret } from '../../lib/secret-crypto.ts';
import { findAcceptedStep, findStepOffset, TOTP_PERIOD_SECONDS } from './totp.ts';

/** The self-check of /mfa-test: reports a match and the clock offset; consumes nothing, verifies nothing. */
export async function checkTotpCode(options: { db: Database; encryptionKey: string; userId: string; code: string; now: Date }): Promise<MfaTestResponse> {
  const { db, encryptionKey, userId, code, now } = options;
  const row = await findUserMfa(db, userId);
  if (!isEnrolled(row)) throw new AppError('mfa_setup_required', 'Two-factor authentication must be set up first');
  const secret = decryptSecret(encryptionKey, row.totpSecretEnc, secretAssociatedData(userId));
  const offsetSteps = findStepOffset(secret, code, now);
  return {
    match: findAcceptedStep(secret, code, now) !== null,
    offsetSteps,
    offsetSeconds: offsetSteps === null ? null : offsetSteps * TOTP_PERIOD_SECONDS,
    serverTime: now.toISOString(),
  };
}
