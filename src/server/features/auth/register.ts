import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_REQUEST_RECEIVED_MESSAGE,
  AccessRequestInputSchema,
  SignUpInputSchema,
  type AccessRequestResponse,
  type SignUpResponse,
} from '@/contracts/auth.ts';
import { accessRequests } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { auditRequest } from '../../lib/audit.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { createAccount, findUserByEmail, listAdminEmails, normalizeEmail } from './accounts.ts';
import { accessRequestAdminEmail, accessRequestReceivedEmail, existingAccountEmail } from './auth-mail.ts';
import { REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS } from './limits.ts';
import { createSession, deleteSession } from '../../sessions/session-store.ts';

export const SIGN_UP_FAILED_MESSAGE = 'We could not create an account with these details. If you already have an account, log in or reset your password.';
const TOO_MANY_REGISTRATIONS = 'Too many registration attempts. Please try again later.';

/**
 * POST /api/auth/register has two shapes (spec section 7): with `confirmPassword` it is an
 * access request (pending account, admin approval), without it a sign-up (active account,
 * signed in at once).
 */
export async function register(request: FastifyRequest, reply: FastifyReply): Promise<SignUpResponse | AccessRequestResponse> {
  await enforceRateLimit(request.server, `register:ip:${request.ip}`, request.server.env.REGISTER_IP_LIMIT_PER_HOUR, REGISTER_WINDOW_MS, TOO_MANY_REGISTRATIONS);
  const body = request.body;
  const isAccessRequest = typeof body === 'object' && body !== null && 'confirmPassword' in body;
  return isAccessRequest ? requestAccess(request) : signUp(request, reply);
}

async function signUp(request: FastifyRequest, reply: FastifyReply): Promise<SignUpResponse> {
  const app = request.server;
  const input = parseInput(SignUpInputSchema, request.body);
  const email = normalizeEmail(input.email);
  assertPasswordAcceptable(input.password, { email });
  await enforceRateLimit(app, `register:addr:${email}`, REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS, TOO_MANY_REGISTRATIONS);

  // Hash first, so a taken address costs the same time as a new one.
  const passwordHash = await passwordHasher.hash(input.password);
  const now = app.now();
  const created = await createAccount(
    app.db,
    { email, passwordHash, firstName: input.firstName, lastName: input.lastName, organizationName: input.company, status: 'active' },
    now,
  );
  if (!created) {
    // Decision 2: a taken address gets a generic failure; its owner is told by e-mail.
    await app.mailer.send(existingAccountEmail(email, app.env.APP_URL, 'sign-up'));
    await auditRequest(request, { action: 'signup.refused', actorUserId: null, details: { email, reason: 'address_taken' } });
    throw new AppError('bad_request', SIGN_UP_FAILED_MESSAGE);
  }

  if (request.auth) await deleteSession(app.db, request.auth.session.id);
  const token = await createSession(app.db, created.userId, now, { ip: request.ip, userAgent: request.headers['user-agent'] });
  app.setSessionCookie(reply, token);
  await auditRequest(request, { action: 'signup', actorUserId: created.userId, targetUserId: created.userId });
  // A new organisation has no subscription yet.
  return { message: 'Registration successful', requiresPayment: app.env.BILLING === 'required' };
}

async function requestAccess(request: FastifyRequest): Promise<AccessRequestResponse> {
  const app = request.server;
  const input = parseInput(AccessRequestInputSchema, request.body);
  const email = normalizeEmail(input.email);
  assertPasswordAcceptable(input.password, { email });
  const answer = { message: ACCESS_REQUEST_RECEIVED_MESSAGE };

  // The password is hashed at once, whatever happens next; it is never kept in clear.
  const passwordHash = await passwordHasher.hash(input.password);
  const perAddress = await app.rateLimiter.hit(`register:addr:${email}`, REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS);
  // Over the per-address limit: the same answer, but no more accounts or e-mails (RL-02).
  if (!perAddress.allowed) return answer;

  const existing = await findUserByEmail(app.db, email);
  if (existing) {
    await app.mailer.send(existingAccountEmail(email, app.env.APP_URL, 'access request'));
    await auditRequest(request, { action: 'access.request_refused', actorUserId: null, targetUserId: existing.id, details: { reason: 'address_taken' } });
    return answer;
  }

  const now = app.now();
  const company = input.company || undefined;
  const created = await createAccount(
    app.db,
    {
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      organizationName: company ?? `${input.firstName} ${input.lastName}`,
      status: 'pending',
    },
    now,
  );
  if (!created) return answer;
  const [row] = await app.db
    .insert(accessRequests)
    .values({ userId: created.userId, company: company ?? null, phone: input.phone || null, message: input.message || null, createdAt: now })
    .returning({ id: accessRequests.id });
  await auditRequest(request, { action: 'access.requested', actorUserId: null, targetUserId: created.userId, details: { accessRequestId: row?.id } });

  await app.mailer.send(accessRequestReceivedEmail(email, input.firstName));
  const admins = await listAdminEmails(app.db);
  const recipients = admins.length > 0 ? admins : [app.env.SUPPORT_EMAIL];
  for (const to of recipients) {
    await app.mailer.send(
      accessRequestAdminEmail(to, app.env.APP_URL, { email, firstName: input.firstName, lastName: input.lastName, company, phone: input.phone, message: input.message }),
    );
  }
  return answer;
}
