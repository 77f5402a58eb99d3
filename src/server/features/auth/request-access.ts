import { ACCESS_REQUEST_RECEIVED_MESSAGE, type AccessRequestInput, type AccessRequestResponse } from '@/contracts/auth.ts';
import { assertPasswordAcceptable, passwordHasher } from '../../lib/passwords.ts';
import { createAccount, findUserByEmail, insertAccessRequest, listAdminEmails, normalizeEmail } from './accounts.ts';
import { accessRequestAdminEmail, accessRequestReceivedEmail, existingAccountEmail } from './auth-mail.ts';
import { REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS } from './limits.ts';
import type { AuthOperationOptions } from './operation-options.ts';

/**
 * POST /api/auth/register with `confirmPassword` (spec section 7): an access request, a pending
 * account an administrator approves. Always the same answer, whatever happened.
 */
export async function requestAccess(options: AuthOperationOptions & { input: AccessRequestInput; supportEmail: string }): Promise<AccessRequestResponse> {
  const { db, mailer, rateLimiter, appUrl, now, audit, input, supportEmail } = options;
  const email = normalizeEmail(input.email);
  assertPasswordAcceptable(input.password, { email });
  const answer = { message: ACCESS_REQUEST_RECEIVED_MESSAGE };

  // The password is hashed at once, whatever happens next; it is never kept in clear.
  const passwordHash = await passwordHasher.hash(input.password);
  const perAddress = await rateLimiter.hit(`register:addr:${email}`, REGISTER_ADDRESS_LIMIT, REGISTER_WINDOW_MS);
  // Over the per-address limit: the same answer, but no more accounts or e-mails (RL-02).
  if (!perAddress.allowed) return answer;

  const existing = await findUserByEmail(db, email);
  if (existing) {
    await mailer.send(existingAccountEmail(email, appUrl, 'access request'));
    await audit({ action: 'access.request_refused', actorUserId: null, targetUserId: existing.id, details: { reason: 'address_taken' } });
    return answer;
  }

  const company = input.company || undefined;
  const created = await createAccount(
    db,
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
  const accessRequestId = await insertAccessRequest(db, { userId: created.userId, company: company ?? null, phone: input.phone || null, message: input.message || null }, now);
  await audit({ action: 'access.requested', actorUserId: null, targetUserId: created.userId, details: { accessRequestId } });

  await mailer.send(accessRequestReceivedEmail(email, input.firstName));
  const admins = await listAdminEmails(db);
  const recipients = admins.length > 0 ? admins : [supportEmail];
  for (const to of recipients) {
    await mailer.send(
      accessRequestAdminEmail(to, appUrl, { email, firstName: input.firstName, lastName: input.lastName, company, phone: input.phone, message: input.message }),
    );
  }
  return answer;
}
