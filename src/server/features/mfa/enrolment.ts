import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { totpSecretAssociatedData } from '../../lib/stored-secret-key.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { rotateSession } from '../../sessions/session-store.ts';
import { generateBackupCodes, hashBackupCode } from './backup-codes.ts';
import { replaceBackupCodes } from '../../sessions/two-factor-state.ts';
import type { UserMfaRow } from './mfa-store.ts';

/** What an MFA operation of a signed-in caller takes; routes.ts builds it from the app and the request. */
export interface MfaOperationOptions {
  db: Database;
  mailer: Mailer;
  /** ENCRYPTION_KEY: the TOTP secrets are stored encrypted with it (lib/secret-crypto.ts). */
  encryptionKey: string;
  auth: AuthContext;
  now: Date;
  audit: Audit;
  log: Pick<FastifyBaseLogger, 'info'>;
}

export const INVALID_CODE_MESSAGE = 'Invalid verification code';

/** The associated data binding a ciphertext to its owner (see lib/secret-crypto.ts; the start-up key check shares it). */
export function secretAssociatedData(userId: string): string {
  return totpSecretAssociatedData(userId);
}

export function isEnrolled(row: UserMfaRow | null): row is UserMfaRow & { totpSecretEnc: string; totpEnabledAt: Date } {
  return Boolean(row?.totpEnabledAt && row.totpSecretEnc);
}

/**
 * Set-up is for accounts without an active authenticator only (MFA-02, MFA-04): a password-only
 * session of an enrolled account must never enrol a new authenticator; an MFA-complete one must
 * disable the old one first (which itself needs a fresh step-up).
 */
export function refuseSetupWhenEnrolled(auth: AuthContext, row: UserMfaRow | null) {
  if (!isEnrolled(row)) return;
  if (!auth.session.mfaVerifiedAt) throw new AppError('mfa_required', 'Two-factor verification required');
  throw new AppError('conflict', 'Two-factor authentication is already enabled. Disable it first to set up a new authenticator.');
}

/** Marks the session MFA-verified under a new token, returned for the cookie; the old token dies at once (SES-05). */
export async function completeMfaForSession(db: Database, sessionId: string, now: Date): Promise<string> {
  const token = await rotateSession(db, sessionId, now, { mfaVerifiedAt: now });
  if (!token) throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
  return token;
}

/** Ten new backup codes replace the old ones; the codes are returned once, only their hashes are kept. */
export async function issueBackupCodes(db: Database, userId: string, now: Date): Promise<string[]> {
  const codes = generateBackupCodes();
  const hashes = await Promise.all(codes.map((code) => hashBackupCode(code)));
  await replaceBackupCodes(db, userId, hashes, now);
  return codes;
}
