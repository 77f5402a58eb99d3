import { z } from 'zod';
import { AUTH_MESSAGES, NewPasswordSchema, RoleSchema } from '@/contracts/auth.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { findPasswordWeakness, passwordHasher } from '../../lib/passwords.ts';
import { createAccount, normalizeEmail } from './accounts.ts';

export const CreateUserInputSchema = z.object({
  email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MESSAGES.loginEmail),
  password: NewPasswordSchema,
  role: RoleSchema.default('user'),
  firstName: z.string().trim().min(1).max(100).default('CIFER'),
  lastName: z.string().trim().min(1).max(100).default('Administrator'),
  company: z.string().trim().min(1).max(100).default('CIFER Administration'),
});
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

/**
 * Creates an active account from the command line (`npm run user:create`): the only way the
 * first administrator comes to exist, since CIFER ships no default account (AUTH-10).
 */
export async function createUserAccount(db: Database, raw: CreateUserInput, now = new Date()): Promise<{ userId: string; email: string; role: string }> {
  const parsed = CreateUserInputSchema.safeParse(raw);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  const input = parsed.data;
  const email = normalizeEmail(input.email);
  const weakness = findPasswordWeakness(input.password, { email });
  if (weakness) throw new Error(`password: ${weakness}`);
  const passwordHash = await passwordHasher.hash(input.password);
  const created = await createAccount(
    db,
    { email, passwordHash, firstName: input.firstName, lastName: input.lastName, organizationName: input.company, role: input.role, status: 'active' },
    now,
  );
  if (!created) throw new Error(`An account with the e-mail address ${email} already exists.`);
  await recordAudit(db, now, { action: 'user.created', targetUserId: created.userId, details: { role: input.role, via: 'cli' } });
  return { userId: created.userId, email, role: input.role };
}
