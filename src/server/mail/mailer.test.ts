import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { emailOutbox } from '../db/schema.ts';
import { startSmtpServer } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createMailer, MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './mailer.ts';

/** Each test builds its own app (fresh database and migrations): on a loaded shared machine PGlite needs more than the default 30 s. Not a speed assertion. */
const BUILDS_AN_APP = { timeout: 180_000 };


let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const message = { to: 'clinic@example.com', subject: 'Your report', text: 'Hello' };

async function outboxRow(app: TestApp) {
  const [row] = await app.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, message.to));
  if (!row) throw new Error('no outbox row');
  return row;
}

test('without SMTP a message is kept in the outbox as held, and one line is logged with its outbox id and subject, never the recipient', BUILDS_AN_APP, async () => {
  t = await createTestApp();
  await t.app.mailer.send(message);
  await t.app.mailer.deliverDue();
  expect((await outboxRow(t)).status).toBe('held');
  const lines = t.logs.filter((line) => line.includes('email kept in outbox'));
  expect(lines).toHaveLength(1);
  // The recipient is personal data: admins read it in the outbox, the log names the row instead (LOG-02).
  expect(lines[0]).not.toContain('clinic@example.com');
  expect(lines[0]).toContain((await outboxRow(t)).id);
  expect(lines[0]).toContain('Your report');
});

test('with SMTP the message is delivered and marked sent', BUILDS_AN_APP, async () => {
  const smtp = await startSmtpServer();
  try {
    t = await createTestApp({ SMTP_URL: smtp.url });
    await t.app.mailer.send(message);
    await t.app.mailer.deliverDue();
    expect((await outboxRow(t)).status).toBe('sent');
    expect(smtp.messages.map((m) => m.to)).toEqual([['clinic@example.com']]);
  } finally {
    await smtp.close();
  }
});

test('a failing SMTP server never makes send() fail; the message is retried with back-off, then given up', BUILDS_AN_APP, async () => {
  t = await createTestApp();
  // Nothing listens on port 9: every delivery fails at once.
  const mailer = createMailer({ db: t.app.db, smtpUrl: 'smtp://127.0.0.1:9', from: 'CIFER <a@b.c>', encryptionKey: t.env.ENCRYPTION_KEY, log: t.app.log, now: t.clock.now });
  try {
    await expect(mailer.send(message)).resolves.toBeUndefined();
    await mailer.deliverDue();
    let row = await outboxRow(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(retryDelayMs(1));

    // Not due yet: a pass before the back-off does not try again.
    await mailer.deliverDue();
    expect((await outboxRow(t)).attempts).toBe(1);

    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      t.clock.advance(retryDelayMs(attempt - 1));
      await mailer.deliverDue();
    }
    row = await outboxRow(t);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(row.lastError).toBeTruthy();
  } finally {
    mailer.close();
  }
});
