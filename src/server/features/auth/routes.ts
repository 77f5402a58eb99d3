import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import {
  AccessRequestInputSchema,
  ChangePasswordInputSchema,
  CurrentUserSchema,
  LoginInputSchema,
  LoginResponseSchema,
  PasswordResetRequestSchema,
  PasswordResetResponseSchema,
  RegisterResponseSchema,
  ResetPasswordInputSchema,
  RevokeOtherSessionsResponseSchema,
  SessionListResponseSchema,
  SessionParamsSchema,
  SignUpInputSchema,
  type CurrentUser,
} from '@/contracts/auth.ts';
import { auditFor } from '../../lib/audit.ts';
import { parseInput, rejectInvalidInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { changePassword } from './change-password.ts';
import {
  CHANGE_PASSWORD_LIMIT,
  CHANGE_PASSWORD_WINDOW_MS,
  LOGIN_IP_LIMIT,
  LOGIN_IP_WINDOW_MS,
  RESET_FINISH_IP_LIMIT,
  RESET_IP_LIMIT,
  RESET_WINDOW_MS,
  REGISTER_WINDOW_MS,
  TOO_MANY_REGISTRATIONS,
} from './limits.ts';
import { listOwnSessions } from './list-own-sessions.ts';
import { logOut } from './log-out.ts';
import { logIn } from './login.ts';
import type { AuthOperationOptions, RequestClient } from './operation-options.ts';
import { resetPassword } from './password-reset.ts';
import { signUp } from './register.ts';
import { requestAccess } from './request-access.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { revokeOtherSessions } from './revoke-other-sessions.ts';
import { revokeOwnSession } from './revoke-own-session.ts';

function clientOf(request: FastifyRequest): RequestClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id };
}

/**
 * The account endpoints (spec section 7 plus security.md decision 3): who am I, log in and out,
 * sign up and access requests, password reset and change, and your own sessions.
 */
export async function sessionRoutes(fastify: FastifyInstance) {
  signInRoutes(fastify);
  passwordRoutes(fastify);
  ownSessionRoutes(fastify);
}

const operationOptionsOf = (app: FastifyInstance) => (request: FastifyRequest): AuthOperationOptions => ({
  db: app.db,
  mailer: app.mailer,
  rateLimiter: app.rateLimiter,
  appUrl: app.env.APP_URL,
  now: app.now(),
  audit: auditFor(request),
});

/** A session presented with a public request (log-in, sign-up end it: fixation, SES-04). */
const presentedSessionId = (request: FastifyRequest) => request.auth?.session.id ?? null;

/** Who am I, log in and out, sign up and access requests. */
function signInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const operationOptions = operationOptionsOf(app);
  /** What log-in and sign-up both take to start the caller's session. */
  const sessionStartOptions = (request: FastifyRequest) => ({
    ...operationOptions(request),
    client: clientOf(request),
    presentedSessionId: presentedSessionId(request),
    paymentRule: app.paymentRule,
  });

  app.get('/api/auth/user', { config: { access: 'session' }, schema: { response: { 200: CurrentUserSchema } } }, async (request): Promise<CurrentUser> => {
    const { user } = requireAuth(request);
    return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
  });

  app.post('/api/auth/logout', { config: { access: 'public' }, schema: { response: { 200: MessageResponseSchema } } }, async (request, reply) => {
    await logOut({ db: app.db, auth: request.auth, audit: auditFor(request) });
    app.clearSessionCookie(reply);
    void reply.header('Clear-Site-Data', '"cookies"');
    return { message: 'Logged out' };
  });

  // Browser navigation to /api/login (spec section 7) lands on the sign-in page.
  app.get('/api/login', { config: { access: 'public' } }, async (_request, reply) => reply.redirect('/auth', 302));

  app.post('/api/auth/login', { config: { access: 'public' }, schema: { body: LoginInputSchema, response: { 200: LoginResponseSchema } } }, async (request, reply) => {
    const input = request.body;
    await enforceRateLimit(app, `login:ip:${request.ip}`, LOGIN_IP_LIMIT, LOGIN_IP_WINDOW_MS, 'Too many login attempts from this network. Please wait a minute and try again.');
    const { sessionToken, requiresPayment } = await logIn({ ...sessionStartOptions(request), input });
    app.setSessionCookie(reply, sessionToken);
    return { message: 'Login successful', requiresPayment };
  });

  /**
   * Two shapes (spec section 7): with `confirmPassword` an access request, without it a sign-up.
   * The body is read by hand (ADR 210): the per-IP limit counts every attempt, malformed or not,
   * before the body is looked at, and the key that picks the shape picks which messages a bad
   * field gets, which one union schema would not keep.
   */
  app.post('/api/auth/register', { config: { access: 'public' }, schema: { response: { 200: RegisterResponseSchema } } }, async (request, reply) => {
    await enforceRateLimit(app, `register:ip:${request.ip}`, app.env.REGISTER_IP_LIMIT_PER_HOUR, REGISTER_WINDOW_MS, TOO_MANY_REGISTRATIONS);
    const body = request.body;
    if (typeof body === 'object' && body !== null && 'confirmPassword' in body) {
      return requestAccess({ ...operationOptions(request), input: parseInput(AccessRequestInputSchema, body), supportEmail: app.env.SUPPORT_EMAIL });
    }
    const input = parseInput(SignUpInputSchema, body);
    const { sessionToken, requiresPayment } = await signUp({ ...sessionStartOptions(request), input });
    app.setSessionCookie(reply, sessionToken);
    return { message: 'Registration successful', requiresPayment };
  });
}

/** Forgotten password (request and finish) and a signed-in change. */
function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const operationOptions = operationOptionsOf(app);
  app.post('/api/request-password-reset', { config: { access: 'public' }, schema: { body: PasswordResetRequestSchema, response: { 200: PasswordResetResponseSchema } } }, async (request) => {
    const { email } = request.body;
    await enforceRateLimit(app, `reset:ip:${request.ip}`, RESET_IP_LIMIT, RESET_WINDOW_MS, 'Too many password reset requests. Please try again later.');
    return requestPasswordReset({ ...operationOptions(request), email, client: clientOf(request), backgroundTasks: app.backgroundTasks });
  });

  // Every attempt counts against the limit, a malformed one too, so the 400 waits for it (ADR 064, 210).
  const resetSchema = { body: ResetPasswordInputSchema, response: { 200: PasswordResetResponseSchema } };
  app.post('/api/reset-password', { config: { access: 'public' }, schema: resetSchema, attachValidation: true }, async (request) => {
    await enforceRateLimit(app, `reset-finish:ip:${request.ip}`, RESET_FINISH_IP_LIMIT, RESET_WINDOW_MS, 'Too many attempts. Please try again later.');
    rejectInvalidInput(request);
    return resetPassword({ ...operationOptions(request), input: request.body });
  });

  app.post('/api/auth/change-password', { config: { access: 'user' }, schema: { body: ChangePasswordInputSchema, response: { 200: MessageResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const input = request.body;
    await enforceRateLimit(app, `password-change:user:${auth.user.id}`, CHANGE_PASSWORD_LIMIT, CHANGE_PASSWORD_WINDOW_MS, 'Too many attempts. Please try again later.');
    return changePassword({ ...operationOptions(request), auth, input });
  });
}

/** The caller's own sessions: list, end one, end all others. */
function ownSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/auth/sessions', { config: { access: 'user' }, schema: { response: { 200: SessionListResponseSchema } } }, async (request) => listOwnSessions({ db: app.db, auth: requireAuth(request) }));

  app.delete('/api/auth/sessions/:id', { config: { access: 'user' }, schema: { params: SessionParamsSchema, response: { 200: MessageResponseSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { id } = request.params;
    const { endedCurrent } = await revokeOwnSession({ db: app.db, auth, handle: id, audit: auditFor(request) });
    if (endedCurrent) app.clearSessionCookie(reply);
    return { message: 'Session signed out' };
  });

  app.post('/api/auth/sessions/revoke-others', { config: { access: 'user' }, schema: { response: { 200: RevokeOtherSessionsResponseSchema } } }, async (request) =>
    revokeOtherSessions({ db: app.db, auth: requireAuth(request), audit: auditFor(request) }),
  );
}
