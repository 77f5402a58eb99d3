import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import {
  BackupCodesResponseSchema,
  EmptyBodySchema,
  MfaStatusSchema,
  MfaTestInputSchema,
  MfaTestResponseSchema,
  MfaUnlockInputSchema,
  MfaVerifyInputSchema,
  MfaVerifyResponseSchema,
  TotpSetupResponseSchema,
  VerifySetupInputSchema,
  type MfaStatus,
} from '@/contracts/mfa.ts';
import { auditFor } from '../../lib/audit.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { checkTotpCode } from './check-totp-code.ts';
import { confirmTotpSetup } from './confirm-totp-setup.ts';
import type { MfaOperationOptions } from './enrolment.ts';
import { readMfaStatus } from './read-mfa-status.ts';
import { regenerateBackupCodes } from './regenerate-backup-codes.ts';
import { SELF_CHECK_LIMIT, SELF_CHECK_LIMITED_MESSAGE, SELF_CHECK_WINDOW_MS } from './self-check-limit.ts';
import { startTotpSetup } from './start-totp-setup.ts';
import { turnOffTotp } from './turn-off-totp.ts';
import { unlockWithLink } from './unlock-with-link.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

/** Two-factor authentication: status, TOTP set-up, verification, disable, backup codes, self-check, unlock link. */
export async function mfaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** What every operation of a signed-in caller takes (enrolment.ts). */
  const operationOptions = (request: FastifyRequest): MfaOperationOptions => ({
    db: app.db,
    mailer: app.mailer,
    encryptionKey: app.env.ENCRYPTION_KEY,
    auth: requireAuth(request),
    now: app.now(),
    audit: auditFor(request),
    log: request.log,
  });

  app.get('/api/mfa/status', { config: { access: 'session' }, schema: { response: { 200: MfaStatusSchema } } }, async (request): Promise<MfaStatus> =>
    readMfaStatus(requireAuth(request)),
  );

  app.post('/api/mfa/totp/setup', { config: { access: 'session' }, schema: { body: EmptyBodySchema, response: { 200: TotpSetupResponseSchema } } }, async (request) => {
    return startTotpSetup(operationOptions(request));
  });

  app.post('/api/mfa/totp/verify-setup', { config: { access: 'session' }, schema: { body: VerifySetupInputSchema, response: { 200: BackupCodesResponseSchema } } }, async (request, reply) => {
    const { code } = request.body;
    const { backupCodes, sessionToken } = await confirmTotpSetup({ ...operationOptions(request), code });
    app.setSessionCookie(reply, sessionToken);
    return { backupCodes };
  });

  app.post('/api/mfa/verify', { config: { access: 'session' }, schema: { body: MfaVerifyInputSchema, response: { 200: MfaVerifyResponseSchema } } }, async (request, reply) => {
    const input = request.body;
    const { method, sessionToken } = await verifySecondFactor({ ...operationOptions(request), input, sessionSecret: app.env.SESSION_SECRET, appUrl: app.env.APP_URL });
    app.setSessionCookie(reply, sessionToken);
    return { method };
  });

  app.post('/api/mfa/totp/disable', { config: { access: 'user' }, schema: { body: EmptyBodySchema, response: { 200: MessageResponseSchema } } }, async (request, reply) => {
    const { sessionToken } = await turnOffTotp(operationOptions(request));
    if (sessionToken) app.setSessionCookie(reply, sessionToken);
    return { message: 'Two-factor authentication has been disabled. Set it up again to keep using CIFER.' };
  });

  app.post('/api/mfa/backup-codes/regenerate', { config: { access: 'user' }, schema: { body: EmptyBodySchema, response: { 200: BackupCodesResponseSchema } } }, async (request) => {
    return { backupCodes: await regenerateBackupCodes(operationOptions(request)) };
  });

  app.post('/api/mfa/test', { config: { access: 'user' }, schema: { body: MfaTestInputSchema, response: { 200: MfaTestResponseSchema } } }, async (request) => {
    const { code } = request.body;
    const { user } = requireAuth(request);
    await enforceRateLimit(app, `mfa-self-check:${user.id}`, SELF_CHECK_LIMIT, SELF_CHECK_WINDOW_MS, SELF_CHECK_LIMITED_MESSAGE);
    return checkTotpCode({ db: app.db, encryptionKey: app.env.ENCRYPTION_KEY, userId: user.id, code, now: app.now() });
  });

  app.post('/api/mfa/unlock', { config: { access: 'public' }, schema: { body: MfaUnlockInputSchema, response: { 200: MessageResponseSchema } } }, async (request) => {
    const { token } = request.body;
    await unlockWithLink({ db: app.db, sessionSecret: app.env.SESSION_SECRET, token, now: app.now(), audit: auditFor(request), log: request.log });
    return { message: 'Two-factor verification is unlocked. You can sign in again.' };
  });
}
