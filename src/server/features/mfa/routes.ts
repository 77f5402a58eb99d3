import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BackupCodesResponseSchema,
  EmptyBodySchema,
  MfaTestInputSchema,
  MfaUnlockInputSchema,
  MfaVerifyInputSchema,
  VerifySetupInputSchema,
  type BackupCodesResponse,
  type MfaStatus,
  type MfaTestResponse,
  type MfaVerifyResponse,
  type TotpSetupResponse,
} from '@/contracts/mfa.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth, type AuthContext } from '../../sessions/auth-context.ts';
import { resetUserSessionsToPasswordOnly, rotateSession } from '../../sessions/session-store.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { generateBackupCodes, hashBackupCode, verifyBackupCode } from './backup-codes.ts';
import { lockedError, MFA_LOCK_DURATION_MS, recordFailure, recordSuccess, reserveAttempt } from './failure-counter.ts';
import { unlockMfa } from '../../lib/mfa-unlock.ts';
import {
  activatePendingSecret,
  claimTotpStep,
  consumeBackupCode,
  countUnusedBackupCodes,
  disableTotp,
  findUserMfa,
  isPendingFresh,
  listUnusedBackupCodes,
  replaceBackupCodes,
  savePendingSecret,
  type UserMfaRow,
} from './mfa-store.ts';
import { sendMfaNotice } from './notices.ts';
import { consumeSelfCheckAllowance } from './self-check-limit.ts';
import { decryptSecret, encryptSecret } from './secret-crypto.ts';
import { buildOtpauthUri, findAcceptedStep, findStepOffset, generateTotpSecret, TOTP_PERIOD_SECONDS } from './totp.ts';
import { createUnlockToken, readUnlockToken, UNLOCK_TOKEN_LIFETIME_MS } from './unlock-token.ts';


const INVALID_CODE_MESSAGE = 'Invalid verification code';

/** The associated data binding a ciphertext to its owner (see secret-crypto.ts). */
export function secretAssociatedData(userId: string): string {
  return `totp:${userId}`;
}

function isEnrolled(row: UserMfaRow | null): row is UserMfaRow & { totpSecretEnc: string; totpEnabledAt: Date } {
  return Boolean(row?.totpEnabledAt && row.totpSecretEnc);
}

/**
 * Set-up is for accounts without an active authenticator only (MFA-02, MFA-04): a password-only
 * session of an enrolled account must never enrol a new authenticator; an MFA-complete one must
 * disable the old one first (which itself needs a fresh step-up).
 */
function refuseSetupWhenEnrolled(auth: AuthContext, row: UserMfaRow | null) {
  if (!isEnrolled(row)) return;
  if (!auth.session.mfaVerifiedAt) throw new AppError('mfa_required', 'Two-factor verification required');
  throw new AppError('conflict', 'Two-factor authentication is already enabled. Disable it first to set up a new authenticator.');
}

/** Marks the session MFA-verified under a new token; the old token dies at once (SES-05). */
async function completeMfaForSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now: Date) {
  const token = await rotateSession(app.db, requireAuth(request).session.id, now, { mfaVerifiedAt: now });
  if (!token) throw new AppError('unauthorized', 'Your session has ended. Please log in again.');
  app.setSessionCookie(reply, token);
}

async function createBackupCodes(app: FastifyInstance, userId: string, now: Date): Promise<string[]> {
  const codes = generateBackupCodes();
  const hashes = await Promise.all(codes.map((code) => hashBackupCode(code)));
  await replaceBackupCodes(app.db, userId, hashes, now);
  return codes;
}

export async function mfaRoutes(app: FastifyInstance) {
  const encryptionKey = app.env.ENCRYPTION_KEY;

  app.get('/api/mfa/status', { config: { access: 'session' } }, async (request): Promise<MfaStatus> => {
    const auth = requireAuth(request);
    // Cached per user with the sessions (ADR 173); every change to TOTP or backup codes goes through mfa-store, which invalidates it.
    const { totpEnabled, backupCodesCount } = await app.sessionCache.remember(auth.user.id, 'mfa-status', app.now().getTime(), async () => {
      const enrolled = isEnrolled(await findUserMfa(app.db, auth.user.id));
      return { totpEnabled: enrolled, backupCodesCount: enrolled ? await countUnusedBackupCodes(app.db, auth.user.id) : 0 };
    });
    return {
      totpEnabled,
      sessionMfaComplete: totpEnabled && auth.session.mfaVerifiedAt !== null,
      backupCodesCount,
    };
  });

  app.post('/api/mfa/totp/setup', { config: { access: 'session' } }, async (request): Promise<TotpSetupResponse> => {
    parseInput(EmptyBodySchema, request.body);
    const auth = requireAuth(request);
    const now = app.now();
    refuseSetupWhenEnrolled(auth, await findUserMfa(app.db, auth.user.id));
    const secret = generateTotpSecret();
    await savePendingSecret(app.db, auth.user.id, encryptSecret(encryptionKey, secret, secretAssociatedData(auth.user.id)), now);
    request.log.info({ userId: auth.user.id }, 'totp set-up started');
    return { qrCodeUri: buildOtpauthUri(auth.user.email, secret), manualEntryKey: secret };
  });

  app.post('/api/mfa/totp/verify-setup', { config: { access: 'session' } }, async (request, reply): Promise<BackupCodesResponse> => {
    const { code } = parseInput(VerifySetupInputSchema, request.body);
    const auth = requireAuth(request);
    const now = app.now();
    const row = await findUserMfa(app.db, auth.user.id);
    refuseSetupWhenEnrolled(auth, row);
    if (!row || !isPendingFresh(row, now)) {
      throw new AppError('bad_request', 'No set-up in progress, or it expired after 15 minutes. Please start the set-up again.');
    }
    const pendingSecretEnc = row.pendingSecretEnc!;
    const step = findAcceptedStep(decryptSecret(encryptionKey, pendingSecretEnc, secretAssociatedData(auth.user.id)), code, now);
    if (step === null) throw new AppError('bad_request', `${INVALID_CODE_MESSAGE}. Check your authenticator app's time and try the newest code.`);
    if (!(await activatePendingSecret(app.db, auth.user.id, pendingSecretEnc, step, now))) {
      throw new AppError('conflict', 'This set-up was already completed or replaced. Please reload the page.');
    }
    const backupCodes = await createBackupCodes(app, auth.user.id, now);
    await completeMfaForSession(app, request, reply, now);
    request.log.info({ userId: auth.user.id }, 'totp enabled');
    await auditRequest(request, { action: 'mfa.totp_enabled', targetUserId: auth.user.id });
    await sendMfaNotice(app, auth.user.email, { kind: 'enrolled' });
    return BackupCodesResponseSchema.parse({ backupCodes });
  });

  app.post('/api/mfa/verify', { config: { access: 'session' } }, async (request, reply): Promise<MfaVerifyResponse> => {
    const input = parseInput(MfaVerifyInputSchema, request.body);
    const auth = requireAuth(request);
    const userId = auth.user.id;
    const now = app.now();
    const row = await findUserMfa(app.db, userId);
    if (!isEnrolled(row)) throw new AppError('mfa_setup_required', 'Two-factor authentication must be set up first');

    const attempt = await reserveAttempt(app.db, userId, now);
    if (attempt.kind !== 'reserved') throw lockedError(attempt);

    let accepted = false;
    if (input.type === 'totp') {
      const step = findAcceptedStep(decryptSecret(encryptionKey, row.totpSecretEnc, secretAssociatedData(userId)), input.code, now);
      accepted = step !== null && (await claimTotpStep(app.db, userId, step, now));
    } else {
      for (const candidate of await listUnusedBackupCodes(app.db, userId)) {
        if (await verifyBackupCode(candidate.codeHash, input.code)) {
          accepted = await consumeBackupCode(app.db, candidate.id, now);
          break;
        }
      }
    }

    if (!accepted) {
      const lock = await recordFailure(app.db, userId, attempt, now);
      request.log.info({ userId, method: input.type, lock }, 'mfa verification failed');
      await auditRequest(request, { action: lock === 'none' ? 'mfa.failure' : `mfa.${lock}`, targetUserId: userId, details: { method: input.type } });
      if (lock === 'locked') {
        await sendMfaNotice(app, auth.user.email, { kind: 'locked', minutes: MFA_LOCK_DURATION_MS / 60_000 });
        throw new AppError('unauthorized', `${INVALID_CODE_MESSAGE}. Too many failed attempts: verification is locked for 15 minutes.`);
      }
      if (lock === 'hard_locked') {
        const fresh = await findUserMfa(app.db, userId);
        const token = createUnlockToken(app.env.SESSION_SECRET, userId, fresh?.lockedUntil ?? now);
        const unlockUrl = new URL(`/mfa-verification#unlock=${encodeURIComponent(token)}`, app.env.APP_URL).toString();
        await sendMfaNotice(app, auth.user.email, { kind: 'hard_locked', unlockUrl });
        throw new AppError('unauthorized', `${INVALID_CODE_MESSAGE}. Too many failed attempts: verification is locked until you use the link we e-mailed you.`);
      }
      throw new AppError('unauthorized', INVALID_CODE_MESSAGE);
    }

    await recordSuccess(app.db, userId, now);
    await completeMfaForSession(app, request, reply, now);
    request.log.info({ userId, method: input.type }, 'mfa verified');
    await auditRequest(request, { action: 'mfa.verified', targetUserId: userId, details: { method: input.type } });
    if (input.type === 'backup') {
      await sendMfaNotice(app, auth.user.email, { kind: 'backup_code_used', remaining: await countUnusedBackupCodes(app.db, userId) });
    }
    return { method: input.type };
  });

  app.post('/api/mfa/totp/disable', { config: { access: 'user' } }, async (request, reply) => {
    parseInput(EmptyBodySchema, request.body);
    const auth = requireAuth(request);
    const now = app.now();
    requireFreshVerification(auth, now);
    await disableTotp(app.db, auth.user.id, now);
    await resetUserSessionsToPasswordOnly(app.db, auth.user.id, auth.session.id, now);
    const token = await rotateSession(app.db, auth.session.id, now);
    if (token) app.setSessionCookie(reply, token);
    request.log.info({ userId: auth.user.id }, 'totp disabled');
    await auditRequest(request, { action: 'mfa.totp_disabled', targetUserId: auth.user.id });
    await sendMfaNotice(app, auth.user.email, { kind: 'disabled' });
    return { message: 'Two-factor authentication has been disabled. Set it up again to keep using CIFER.' };
  });

  app.post('/api/mfa/backup-codes/regenerate', { config: { access: 'user' } }, async (request): Promise<BackupCodesResponse> => {
    parseInput(EmptyBodySchema, request.body);
    const auth = requireAuth(request);
    const now = app.now();
    requireFreshVerification(auth, now);
    const backupCodes = await createBackupCodes(app, auth.user.id, now);
    request.log.info({ userId: auth.user.id }, 'backup codes regenerated');
    await auditRequest(request, { action: 'mfa.backup_codes_regenerated', targetUserId: auth.user.id });
    await sendMfaNotice(app, auth.user.email, { kind: 'regenerated' });
    return { backupCodes };
  });

  /** The self-check of /mfa-test: reports a match and the clock offset; consumes nothing, verifies nothing. */
  app.post('/api/mfa/test', { config: { access: 'user' } }, async (request): Promise<MfaTestResponse> => {
    const { code } = parseInput(MfaTestInputSchema, request.body);
    const auth = requireAuth(request);
    const now = app.now();
    const allowance = await consumeSelfCheckAllowance(app.db, auth.user.id, now);
    if (!allowance.allowed) {
      throw new AppError('rate_limited', 'Too many checks. Please wait a minute and try again.', { retryAfterSeconds: allowance.retryAfterSeconds });
    }
    const row = await findUserMfa(app.db, auth.user.id);
    if (!isEnrolled(row)) throw new AppError('mfa_setup_required', 'Two-factor authentication must be set up first');
    const secret = decryptSecret(encryptionKey, row.totpSecretEnc, secretAssociatedData(auth.user.id));
    const offsetSteps = findStepOffset(secret, code, now);
    return {
      match: findAcceptedStep(secret, code, now) !== null,
      offsetSteps,
      offsetSeconds: offsetSteps === null ? null : offsetSteps * TOTP_PERIOD_SECONDS,
      serverTime: now.toISOString(),
    };
  });

  /** The link e-mailed after a hard lock-out; works once (see unlock-token.ts). */
  app.post('/api/mfa/unlock', { config: { access: 'public' } }, async (request) => {
    const { token } = parseInput(MfaUnlockInputSchema, request.body);
    const now = app.now();
    const invalid = new AppError('bad_request', 'This unlock link is invalid or has expired.');
    const claims = readUnlockToken(app.env.SESSION_SECRET, token);
    if (!claims || now.getTime() - claims.lockedAtMs > UNLOCK_TOKEN_LIFETIME_MS) throw invalid;
    const row = await findUserMfa(app.db, claims.userId);
    if (!row?.hardLocked || row.lockedUntil?.getTime() !== claims.lockedAtMs) throw invalid;
    await unlockMfa(app.db, claims.userId, now);
    request.log.info({ userId: claims.userId }, 'mfa unlocked by e-mail link');
    await auditRequest(request, { action: 'mfa.unlocked', actorUserId: claims.userId, targetUserId: claims.userId, details: { via: 'email_link' } });
    return { message: 'Two-factor verification is unlocked. You can sign in again.' };
  });
}
