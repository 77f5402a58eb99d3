import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { LoginResponseSchema } from '@/contracts/auth.ts';
import { EmptyBodySchema } from '@/contracts/mfa.ts';
import {
  PasskeyAssertionInputSchema,
  PasskeyAvailabilitySchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeyRegistrationInputSchema,
  PasskeyRenameInputSchema,
  PasskeySchema,
  PasskeyVerifyResponseSchema,
  WebAuthnOptionsSchema,
} from '@/contracts/passkeys.ts';
import { auditFor } from '../../lib/audit.ts';
import { rejectInvalidInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import {
  PASSKEY_OPTIONS_USER_LIMIT,
  PASSKEY_OPTIONS_USER_WINDOW_MS,
  PASSKEY_SIGN_IN_IP_LIMIT,
  PASSKEY_SIGN_IN_IP_WINDOW_MS,
  PASSKEY_VERIFY_USER_LIMIT,
  PASSKEY_VERIFY_USER_WINDOW_MS,
  TOO_MANY_PASSKEY_ATTEMPTS,
  TOO_MANY_PASSKEY_SIGN_INS,
} from './limits.ts';
import { listOwnPasskeys, removeOwnPasskey, renameOwnPasskey } from './manage-passkeys.ts';
import type { PasskeyOperationOptions } from './operation-options.ts';
import { finishRegistration, startRegistration } from './register-passkey.ts';
import { relyingPartyFor } from './relying-party.ts';
import { completeSecondFactor, countOwnPasskeys, startSecondFactor } from './second-factor.ts';
import { signIn, startSignIn } from './sign-in.ts';

/**
 * Passkeys (WebAuthn, ADR 226): registration and management of one's own passkeys, a passkey as
 * the session's second factor, and passwordless sign-in. Routes that count attempts count them
 * before the body is read (ADR 064): their schemas are declared with attachValidation.
 */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const relyingParty = relyingPartyFor(app.env.APP_URL);
  const operationOptions = (request: FastifyRequest): PasskeyOperationOptions => ({ db: app.db, relyingParty, now: app.now(), audit: auditFor(request), log: request.log });
  const perUser = (request: FastifyRequest, purpose: string, limit: number, windowMs: number) =>
    enforceRateLimit(app, `passkey-${purpose}:user:${requireAuth(request).user.id}`, limit, windowMs, TOO_MANY_PASSKEY_ATTEMPTS);
  const perIp = (request: FastifyRequest, purpose: string) => enforceRateLimit(app, `passkey-${purpose}:ip:${request.ip}`, PASSKEY_SIGN_IN_IP_LIMIT, PASSKEY_SIGN_IN_IP_WINDOW_MS, TOO_MANY_PASSKEY_SIGN_INS);

  // Managing one's own passkeys (/mfa-settings).

  app.get('/api/passkeys', { config: { access: 'user' }, schema: { response: { 200: PasskeyListSchema } } }, async (request) => listOwnPasskeys({ db: app.db, auth: requireAuth(request) }));

  app.post('/api/passkeys/registration/options', { config: { access: 'user' }, schema: { body: EmptyBodySchema, response: { 200: WebAuthnOptionsSchema } } }, async (request) => {
    await perUser(request, 'options', PASSKEY_OPTIONS_USER_LIMIT, PASSKEY_OPTIONS_USER_WINDOW_MS);
    return startRegistration({ ...operationOptions(request), auth: requireAuth(request) });
  });

  app.post('/api/passkeys/registration/verify', { config: { access: 'user' }, schema: { body: PasskeyRegistrationInputSchema, response: { 201: PasskeySchema } } }, async (request, reply) => {
    const passkey = await finishRegistration({ ...operationOptions(request), auth: requireAuth(request), input: request.body });
    void reply.status(201);
    return passkey;
  });

  app.patch('/api/passkeys/:id', { config: { access: 'user' }, schema: { params: PasskeyParamsSchema, body: PasskeyRenameInputSchema, response: { 200: PasskeySchema } } }, async (request) =>
    renameOwnPasskey({ ...operationOptions(request), auth: requireAuth(request), id: request.params.id, name: request.body.name }),
  );

  app.delete('/api/passkeys/:id', { config: { access: 'user' }, schema: { params: PasskeyParamsSchema, response: { 200: MessageResponseSchema } } }, async (request) => {
    await removeOwnPasskey({ ...operationOptions(request), auth: requireAuth(request), id: request.params.id });
    return { message: 'The passkey has been removed.' };
  });

  // The session's second factor (the verification card): open to a password-only session.

  app.get('/api/mfa/passkeys', { config: { access: 'session' }, schema: { response: { 200: PasskeyAvailabilitySchema } } }, async (request) => countOwnPasskeys({ db: app.db, auth: requireAuth(request) }));

  app.post('/api/mfa/passkey/options', { config: { access: 'session' }, schema: { body: EmptyBodySchema, response: { 200: WebAuthnOptionsSchema } } }, async (request) => {
    await perUser(request, 'options', PASSKEY_OPTIONS_USER_LIMIT, PASSKEY_OPTIONS_USER_WINDOW_MS);
    return startSecondFactor({ ...operationOptions(request), auth: requireAuth(request) });
  });

  const verifySchema = { body: PasskeyAssertionInputSchema, response: { 200: PasskeyVerifyResponseSchema } };
  app.post('/api/mfa/passkey/verify', { config: { access: 'session' }, schema: verifySchema, attachValidation: true }, async (request, reply) => {
    await perUser(request, 'verify', PASSKEY_VERIFY_USER_LIMIT, PASSKEY_VERIFY_USER_WINDOW_MS);
    rejectInvalidInput(request);
    const { sessionToken } = await completeSecondFactor({ ...operationOptions(request), auth: requireAuth(request), input: request.body });
    app.setSessionCookie(reply, sessionToken);
    return { method: 'passkey' as const };
  });

  // Passwordless sign-in (/auth).

  app.post('/api/auth/passkey/options', { config: { access: 'public' }, schema: { body: EmptyBodySchema, response: { 200: WebAuthnOptionsSchema } }, attachValidation: true }, async (request) => {
    await perIp(request, 'sign-in-options');
    rejectInvalidInput(request);
    return startSignIn(operationOptions(request));
  });

  const loginSchema = { body: PasskeyAssertionInputSchema, response: { 200: LoginResponseSchema } };
  app.post('/api/auth/passkey/login', { config: { access: 'public' }, schema: loginSchema, attachValidation: true }, async (request, reply) => {
    await perIp(request, 'sign-in');
    rejectInvalidInput(request);
    const { sessionToken, requiresPayment } = await signIn({
      ...operationOptions(request),
      input: request.body,
      client: { ip: request.ip, userAgent: request.headers['user-agent'] },
      presentedSessionId: request.auth?.session.id ?? null,
      paymentRule: app.paymentRule,
    });
    app.setSessionCookie(reply, sessionToken);
    return { message: 'Login successful', requiresPayment };
  });
}
