import type { TotpSetupResponse } from '@/contracts/mfa.ts';
import type { MfaOperationOptions } from './enrolment.ts';
import { refuseSetupWhenEnrolled, secretAssociatedData } from './enrolment.ts';
import { findUserMfa, savePendingSecret } from './mfa-store.ts';
import { encryptSecret } from '../../lib/secret-crypto.ts';
import { buildOtpauthUri, generateTotpSecret } from './totp.ts';

/** POST /api/mfa/totp/setup: a new pending secret (encrypted at rest) for the QR code; nothing is active until confirmed. */
export async function startTotpSetup(options: Pick<MfaOperationOptions, 'db' | 'encryptionKey' | 'auth' | 'now' | 'log'>): Promise<TotpSetupResponse> {
  const { db, encryptionKey, auth, now, log } = options;
  refuseSetupWhenEnrolled(auth, await findUserMfa(db, auth.user.id));
  const secret = generateTotpSecret();
  await savePendingSecret(db, auth.user.id, encryptSecret(encryptionKey, secret, secretAssociatedData(auth.user.id)), now);
  log.info({ userId: auth.user.id }, 'totp set-up started');
  return { qrCodeUri: buildOtpauthUri(auth.user.email, secret), manualEntryKey: secret };
}
