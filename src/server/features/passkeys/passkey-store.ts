import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Passkey } from '@/contracts/passkeys.ts';
import type { Database } from '../../db/client.ts';
import { organizations, passkeys, users } from '../../db/schema.ts';

/** The passkeys table's rows as records (ADR 201); every read of one user's passkeys is scoped by that user. */
export type PasskeyRow = typeof passkeys.$inferSelect;

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
    backedUp: row.backedUp,
  };
}

export async function listUserPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countUserPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.value ?? 0;
}

/** A credential by its id, whoever owns it (passwordless sign-in), or only among `userId`'s. */
export async function findPasskeyByCredentialId(db: Database, credentialId: string, userId?: string): Promise<PasskeyRow | null> {
  const condition = userId ? and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)) : eq(passkeys.credentialId, credentialId);
  const [row] = await db.select().from(passkeys).where(condition).limit(1);
  return row ?? null;
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  name: string;
}

/** Null when the credential is registered already (to this user or another): its id is unique. */
export async function insertPasskey(db: Database, passkey: NewPasskey, now: Date): Promise<PasskeyRow | null> {
  const [row] = await db
    .insert(passkeys)
    .values({ ...passkey, createdAt: now })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  return row ?? null;
}

export async function renamePasskey(db: Database, userId: string, id: string, name: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: Database, userId: string, id: string): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Stores the counter of a verified use, only if it still moves forward (or both stay 0: many
 * synced passkeys never count), so two uses racing with the same counter cannot both pass.
 * False means the stored counter overtook this one: the caller treats that as a clone.
 */
export async function recordPasskeyUse(db: Database, id: string, newCounter: number, now: Date): Promise<boolean> {
  const movesForward = newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter);
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), movesForward))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** What a passwordless sign-in needs of the account: whether it may sign in and billing's facts of its home organisation. */
export async function findSignInAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      role: users.role,
      subscriptionStatus: organizations.subscriptionStatus,
      subscriptionAccessUntil: organizations.subscriptionAccessUntil,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
