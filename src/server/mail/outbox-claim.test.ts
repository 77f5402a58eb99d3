import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { emailOutbox } from '../db/schema.ts';
import { startSmtpServer } from '../test/helpers.ts';
import { startSecondInstance } from '../test/second-instance.ts';
import { BUILDS_AN_APP, useTestAppsPerTest } from '../test/test-app-hooks.ts';
import { claimDueEmails, enqueueEmail, OUTBOX_LEASE_MS } from './outbox.ts';

const apps = useTestAppsPerTest();

test('a claimed message is marked sending and no second claim gets it until its lease ends (crashed sender)', BUILDS_AN_APP, async () => {
  const t = await apps.create();
  const id = await enqueueEmail(t.app.db, { to: 'a@example.com', subject: 's', text: 'x' }, t.clock.now(), t.env.ENCRYPTION_KEY);
  const first = await claimDueEmails(t.app.db, t.clock.now(), 10);
  expect(first.map((row) => [row.id, row.status])).toEqual([[id, 'sending']]);
  expect(await claimDueEmails(t.app.db, t.clock.now(), 10)).toEqual([]);
  t.clock.advance(OUTBOX_LEASE_MS + 1);
  expect((await claimDueEmails(t.app.db, t.clock.now(), 10)).map((row) => row.id)).toEqual([id]);
});

test.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database deliver each outbox message exactly once', BUILDS_AN_APP, async () => {
  const smtp = await startSmtpServer();
  apps.closeAfter(smtp.close);
  const t = await apps.create({ SMTP_URL: smtp.url });
  const second = await startSecondInstance(t);
  apps.closeAfter(second.close);
  const recipients = Array.from({ length: 40 }, (_, n) => `member-${n}@example.com`);
  // Written straight to the outbox so no delivery pass starts before both instances race.
  for (const to of recipients) await enqueueEmail(t.app.db, { to, subject: `Message ${to}`, text: 'Hello' }, t.clock.now(), t.env.ENCRYPTION_KEY);
  await Promise.all([t.app.mailer.deliverDue(), second.app.mailer.deliverDue(), t.app.mailer.deliverDue(), second.app.mailer.deliverDue()]);
  const delivered = smtp.messages.flatMap((message) => message.to).sort();
  expect(delivered).toEqual([...recipients].sort());
  const rows = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
  expect(rows).toHaveLength(40);
  expect(rows.every((row) => row.attempts === 1)).toBe(true);
});
