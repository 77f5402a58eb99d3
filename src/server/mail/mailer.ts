import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { claimDueEmails, deliverableText, enqueueEmail, type OutgoingEmail } from './outbox.ts';

export const MAX_DELIVERY_ATTEMPTS = 6;

/** Back-off between attempts: 30 s, 1 min, 2 min, 4 min, 8 min. */
export function retryDelayMs(attempt: number): number {
  return 30_000 * 2 ** Math.max(0, attempt - 1);
}

export interface Mailer {
  /**
   * Writes the message to the outbox and starts a delivery pass in the background. Pass `db` (a
   * transaction) to write it atomically with other rows; it is delivered by the next pass after
   * that transaction commits.
   */
  send(email: OutgoingEmail, options?: { db?: Database }): Promise<void>;
  /** Delivers every due message once; resolves when the pass is over (tests await it). */
  deliverDue(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  /** Seals the deliverable text of messages that carry secrets (ADR 190). */
  encryptionKey: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Poll interval for retries; 0 disables the timer (tests call deliverDue). */
  pollMs?: number;
  /** Called once per delivery attempt (metrics). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'held';

export function createMailer(options: MailerOptions): Mailer {
  const { db, smtpUrl, from, log } = options;
  const now = options.now ?? (() => new Date());
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let running: Promise<void> | null = null;

  async function deliverOnce(): Promise<void> {
    // Claimed, not just read: another instance polling the same outbox never gets these rows.
    const due = await claimDueEmails(db, now(), 20);
    for (const message of due) {
      if (!transport) {
        // No SMTP: the message stays in the outbox; /admin shows it redacted, an operator on the
        // server reads a sealed one with `npm run mail:show` (ADR 190).
        log.info({ outboxId: message.id, subject: message.subject }, 'email kept in outbox (no SMTP_URL)');
        await db.update(emailOutbox).set({ status: 'held' }).where(eq(emailOutbox.id, message.id));
        options.onOutcome?.('held');
        continue;
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: deliverableText(message, options.encryptionKey) });
        // Delivered: the secret has reached its recipient and is kept nowhere else.
        await db.update(emailOutbox).set({ status: 'sent', sentAt: now(), attempts: message.attempts + 1, sealedText: null }).where(eq(emailOutbox.id, message.id));
        options.onOutcome?.('sent');
      } catch (error) {
        const attempts = message.attempts + 1;
        const gaveUp = attempts >= MAX_DELIVERY_ATTEMPTS;
        log.warn({ outboxId: message.id, attempts, gaveUp, err: error }, 'email delivery failed');
        await db
          .update(emailOutbox)
          .set({
            attempts,
            status: gaveUp ? 'failed' : 'pending',
            lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(emailOutbox.id, message.id));
        options.onOutcome?.(gaveUp ? 'failed' : 'retry');
      }
    }
  }

  function deliverDue(): Promise<void> {
    // One pass at a time per instance; a call during a pass waits for it and runs again.
    const next = (running ?? Promise.resolve()).then(deliverOnce).catch((error: unknown) => {
      log.error({ err: error }, 'email delivery pass failed');
    });
    running = next;
    return next;
  }

  const timer = options.pollMs ? setInterval(() => void deliverDue(), options.pollMs) : null;
  timer?.unref();

  return {
    async send(email, sendOptions) {
      await enqueueEmail(sendOptions?.db ?? db, email, now(), options.encryptionKey);
      if (!sendOptions?.db) void deliverDue();
    },
    deliverDue,
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
