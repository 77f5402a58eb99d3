import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { decryptSecret, encryptSecret } from '../lib/secret-crypto.ts';

/**
 * A part of a message meant for its recipient alone (a reset, claim or invitation link, an unlock
 * link, a claim code): delivered as written, stored and shown to everyone else as `shownAs`.
 */
export interface MailSecret {
  value: string;
  shownAs: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  secrets?: readonly MailSecret[];
}

/** The text anyone with access to the outbox may read: every secret replaced by its note, longest first (a link holds its token). */
export function redactSecrets(text: string, secrets: readonly MailSecret[]): string {
  return [...secrets].sort((a, b) => b.value.length - a.value.length).reduce((redacted, secret) => (secret.value ? redacted.split(secret.value).join(secret.shownAs) : redacted), text);
}

/** The associated data that binds a sealed text to its outbox row (lib/secret-crypto.ts). */
export const sealedTextOwner = (id: string) => `outbox:${id}`;

/**
 * Every message is written to the outbox first, so a slow or broken SMTP server never blocks
 * or changes an HTTP answer; the mailer delivers from there. A message with secrets is stored
 * redacted, its deliverable text sealed with ENCRYPTION_KEY (ADR 190).
 */
export async function enqueueEmail(db: Database, email: OutgoingEmail, now: Date, encryptionKey: string): Promise<string> {
  const id = randomUUID();
  const secrets = email.secrets ?? [];
  const sealedText = secrets.length > 0 ? encryptSecret(encryptionKey, email.text, sealedTextOwner(id)) : null;
  // Due at the app's clock, not the database's, so tests that move time see the message as due.
  await db.insert(emailOutbox).values({ id, to: email.to, subject: email.subject, text: redactSecrets(email.text, secrets), sealedText, createdAt: now, nextAttemptAt: now });
  return id;
}

/** The text to deliver: the sealed one when the message carries secrets. */
export function deliverableText(row: Pick<OutboxRow, 'id' | 'text' | 'sealedText'>, encryptionKey: string): string {
  return row.sealedText ? decryptSecret(encryptionKey, row.sealedText, sealedTextOwner(row.id)) : row.text;
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** A message still 'sending' when this lease ends is taken to be lost (crashed instance) and delivered again. */
export const OUTBOX_LEASE_MS = 15 * 60_000;

/**
 * Claims up to `limit` due messages for this instance in one statement (ADR 151): the inner
 * SELECT locks the rows it picks and skips rows another instance holds (`FOR UPDATE SKIP
 * LOCKED`), and the UPDATE marks them 'sending' with a lease before the locks are released, so
 * two instances never deliver one message twice. `next_attempt_at` holds the lease end while
 * sending: a message whose instance died mid-send is claimed again after it.
 */
export async function claimDueEmails(db: Database, now: Date, limit: number, leaseMs = OUTBOX_LEASE_MS): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, ['pending', 'sending']), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ status: 'sending', nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** Messages by status, and the age of the oldest one waiting (ops panel, metrics). */
export async function countOutbox(db: Database, now: Date) {
  const rows = await db
    .select({ status: emailOutbox.status, count: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${emailOutbox.createdAt})` })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
  const byStatus: Record<string, number> = { pending: 0, sending: 0, held: 0, sent: 0, failed: 0 };
  let oldestWaiting: number | null = null;
  for (const row of rows) {
    byStatus[row.status] = Number(row.count);
    if ((row.status === 'pending' || row.status === 'sending') && row.oldest) {
      const created = new Date(row.oldest).getTime();
      oldestWaiting = oldestWaiting === null ? created : Math.min(oldestWaiting, created);
    }
  }
  return { byStatus, oldestWaitingSeconds: oldestWaiting === null ? null : Math.max(0, Math.round((now.getTime() - oldestWaiting) / 1000)) };
}
