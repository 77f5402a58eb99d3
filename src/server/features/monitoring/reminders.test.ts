import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { emailOutbox, monitoringReminders } from '../../db/schema.ts';
import { startSmtpServer } from '../../test/helpers.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { startSecondInstance } from '../../test/second-instance.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sendDueReminders } from './send-reminders.ts';
import { call, completeAssessment, freshCookie } from '../../test/helpers.ts';

/** Each test builds its own app (fresh database and migrations) and runs the engine: on a loaded shared machine PGlite needs more than the default 30 s. Not a speed assertion. */
const BUILDS_AN_APP = { timeout: 180_000 };


let t: TestApp | null = null;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await t?.close();
  t = null;
});

/** The sample without dated certifications, so only reassessment reminders are in play. */
const NO_CERTIFICATES: RiskInput = { ...SAMPLE_CLINIC_INPUT, frameworks: { hipaa: { status: 'inProgress' } } };

async function mailTo(app: TestApp, to: string) {
  const rows = await app.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.map((row) => row.subject).sort();
}

async function passAt(app: TestApp, iso: string) {
  app.clock.set(new Date(iso));
  await app.app.jobs.runDue();
}

describe('reassessment reminders (fake clock)', () => {
  test('a yearly cadence reminds once 14 days before the due date and once when overdue, whatever the number of passes', BUILDS_AN_APP, async () => {
    t = await createTestApp();
    t.clock.set(new Date('2027-01-10T09:00:00Z'));
    const { cookie, user } = await createVerifiedUserSession(t, { email: 'owner@clinic.example' });
    const colleague = await createVerifiedUserSession(t, { organizationId: user.organizationId, email: 'colleague@clinic.example' });
    await completeAssessment(t, cookie, NO_CERTIFICATES);
    expect((await call(t, cookie, 'GET', '/api/monitoring/schedule')).json()).toMatchObject({ cadence: 'yearly', nextDueDate: '2028-01-10', state: 'scheduled', leadDays: 14 });

    await passAt(t, '2027-06-01T09:00:00Z');
    await passAt(t, '2027-12-26T23:00:00Z');
    expect(await mailTo(t, user.email)).toEqual([]);

    await passAt(t, '2027-12-27T00:30:00Z');
    expect(await mailTo(t, user.email)).toEqual(['Your cyber-risk reassessment is due on 2028-01-10']);
    expect(await mailTo(t, colleague.user.email)).toEqual(['Your cyber-risk reassessment is due on 2028-01-10']);
    expect((await call(t, await freshCookie(t, user.id), 'GET', '/api/monitoring/schedule')).json()).toMatchObject({ state: 'due_soon', recentReminders: [{ kind: 'reassessment_due', periodKey: '2028-01-10', recipients: 2 }] });

    // More passes before the due date, including on it, send nothing new.
    await passAt(t, '2027-12-27T01:30:00Z');
    await passAt(t, '2028-01-05T12:00:00Z');
    await passAt(t, '2028-01-10T23:30:00Z');
    expect(await mailTo(t, user.email)).toHaveLength(1);

    await passAt(t, '2028-01-11T00:30:00Z');
    await passAt(t, '2028-01-11T05:30:00Z');
    await passAt(t, '2028-02-20T05:30:00Z');
    expect(await mailTo(t, user.email)).toEqual(['Your cyber-risk reassessment is due on 2028-01-10', 'Your cyber-risk reassessment is overdue (due 2028-01-10)']);
    const later = await freshCookie(t, user.id);
    expect((await call(t, later, 'GET', '/api/monitoring/schedule')).json()).toMatchObject({ state: 'overdue' });

    // A new assessment starts a new period: due a year later, nothing sent now.
    await completeAssessment(t, later, NO_CERTIFICATES);
    await passAt(t, '2028-02-21T05:30:00Z');
    expect(await mailTo(t, user.email)).toHaveLength(2);
    expect((await call(t, await freshCookie(t, user.id), 'GET', '/api/monitoring/schedule')).json()).toMatchObject({ nextDueDate: '2029-02-20', state: 'scheduled' });
  });

  test('a quarterly cadence moves the due date to three months after the last assessment', BUILDS_AN_APP, async () => {
    t = await createTestApp();
    t.clock.set(new Date('2027-01-31T09:00:00Z'));
    const { cookie, user } = await createVerifiedUserSession(t);
    await completeAssessment(t, cookie, NO_CERTIFICATES);
    expect((await call(t, cookie, 'PUT', '/api/monitoring/schedule', { cadence: 'quarterly' })).statusCode).toBe(200);
    expect((await call(t, cookie, 'PUT', '/api/monitoring/schedule', { cadence: 'weekly' })).statusCode).toBe(400);
    expect((await call(t, cookie, 'GET', '/api/monitoring/schedule')).json()).toMatchObject({ cadence: 'quarterly', nextDueDate: '2027-04-30' });
    await passAt(t, '2027-04-16T00:30:00Z');
    expect(await mailTo(t, user.email)).toEqual(['Your cyber-risk reassessment is due on 2027-04-30']);
  });

  test('an action near its due date reminds its owner once, and once more when overdue', BUILDS_AN_APP, async () => {
    t = await createTestApp();
    t.clock.set(new Date('2027-01-10T09:00:00Z'));
    const { cookie, user } = await createVerifiedUserSession(t);
    const owner = await createVerifiedUserSession(t, { organizationId: user.organizationId, email: 'it-lead@clinic.example' });
    const assessment = await completeAssessment(t, cookie, NO_CERTIFICATES);
    const factorId = [...(assessment.result?.recommendations ?? []), ...(assessment.result?.recommendationsNotWorthIt ?? [])][0]?.factorId;
    const accepted = await call(t, cookie, 'POST', '/api/monitoring/actions', { assessmentId: assessment.id, factorId, ownerUserId: owner.user.id, dueDate: '2027-02-15' });
    expect(accepted.statusCode).toBe(201);

    await passAt(t, '2027-02-11T12:00:00Z');
    expect(await mailTo(t, owner.user.email)).toEqual([]);
    await passAt(t, '2027-02-12T12:00:00Z');
    await passAt(t, '2027-02-13T12:00:00Z');
    expect((await mailTo(t, owner.user.email))[0]).toMatch(/^Action due on 2027-02-15: /);
    expect(await mailTo(t, owner.user.email)).toHaveLength(1);
    await passAt(t, '2027-02-16T12:00:00Z');
    await passAt(t, '2027-02-17T12:00:00Z');
    const subjects = await mailTo(t, owner.user.email);
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toMatch(/^Overdue action: /);
    // Only the owner is reminded about the action.
    expect((await mailTo(t, user.email)).filter((subject) => subject.includes('ction'))).toEqual([]);

    // A done action is never reminded about.
    const id = accepted.json<{ id: string }>().id;
    const patched = await call(t, await freshCookie(t, user.id), 'PATCH', `/api/monitoring/actions/${id}`, { status: 'done', dueDate: '2027-03-01' });
    expect(patched.statusCode).toBe(200);
    await passAt(t, '2027-03-05T12:00:00Z');
    expect(await mailTo(t, owner.user.email)).toHaveLength(2);
  });

  test('a framework compliant since a date asks to confirm it 30 days before its anniversary, once per anniversary', BUILDS_AN_APP, async () => {
    t = await createTestApp();
    t.clock.set(new Date('2027-01-10T09:00:00Z'));
    const { cookie, user } = await createVerifiedUserSession(t);
    await completeAssessment(t, cookie, { ...NO_CERTIFICATES, frameworks: { pciDss: { status: 'compliant', since: '2025-03-01' } } });
    const schedule = (await call(t, cookie, 'GET', '/api/monitoring/schedule')).json();
    expect(schedule.certifications).toEqual([{ frameworkId: 'pciDss', frameworkName: 'PCI DSS', since: '2025-03-01', nextAnniversary: '2027-03-01' }]);
    await passAt(t, '2027-01-29T12:00:00Z');
    expect(await mailTo(t, user.email)).toEqual([]);
    await passAt(t, '2027-01-30T12:00:00Z');
    await passAt(t, '2027-02-20T12:00:00Z');
    expect(await mailTo(t, user.email)).toEqual(['Confirm your PCI DSS status before 2027-03-01']);
    const rows = await t.app.db.select().from(monitoringReminders).where(eq(monitoringReminders.kind, 'certification_anniversary'));
    expect(rows.map((row) => [row.subjectKey, row.periodKey])).toEqual([['pciDss', '2027-03-01']]);
  });
});

describe.runIf(process.env.DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  test('each reminder and each outbox message is delivered exactly once', BUILDS_AN_APP, async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    t = await createTestApp({ SMTP_URL: smtp.url });
    const second = await startSecondInstance(t);
    cleanups.push(second.close);
    t.clock.set(new Date('2027-01-10T09:00:00Z'));
    const { cookie, user } = await createVerifiedUserSession(t, { email: 'a@two.example' });
    await createVerifiedUserSession(t, { organizationId: user.organizationId, email: 'b@two.example' });
    await completeAssessment(t, cookie, NO_CERTIFICATES);

    const bothPass = async (iso: string) => {
      t?.clock.set(new Date(iso));
      await Promise.all([t?.app.jobs.runDue(), second.app.jobs.runDue()]);
      // The reminder pass itself is idempotent too, not only the job that runs it.
      await Promise.all([
        sendDueReminders({ db: t!.app.db, mailer: t!.app.mailer, appUrl: 'http://x', now: t!.clock.now() }),
        sendDueReminders({ db: second.app.db, mailer: second.app.mailer, appUrl: 'http://x', now: t!.clock.now() }),
      ]);
      await Promise.all([t?.app.mailer.deliverDue(), second.app.mailer.deliverDue()]);
    };
    await bothPass('2027-12-27T00:30:00Z');
    await bothPass('2027-12-27T01:30:00Z');
    await bothPass('2028-01-11T00:30:00Z');
    await bothPass('2028-01-11T01:30:00Z');

    const received = smtp.messages.map((message) => `${message.to.join(',')} ${/^Subject: (.*)$/m.exec(message.decoded)?.[1] ?? ''}`).sort();
    expect(received).toEqual([
      'a@two.example Your cyber-risk reassessment is due on 2028-01-10',
      'a@two.example Your cyber-risk reassessment is overdue (due 2028-01-10)',
      'b@two.example Your cyber-risk reassessment is due on 2028-01-10',
      'b@two.example Your cyber-risk reassessment is overdue (due 2028-01-10)',
    ]);
    const sent = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
    expect(sent).toHaveLength(4);
  });
});
