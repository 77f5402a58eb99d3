import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { consultationRequests, emailOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CONSULTATION_LIMIT_PER_EMAIL, CONSULTATION_LIMIT_PER_IP, CONSULTATION_WINDOW_MS } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SALES_EMAIL: 'sales@cifer.test' });
});
afterAll(async () => {
  await t.close();
});

const validBody = {
  name: 'Dana Whitfield',
  email: 'Dana.Whitfield@Harborclinic.example',
  company: 'Harbor Family Clinics',
  companySize: '100-249',
  industry: 'healthcare',
  service: 'one_time_assessment',
  message: 'We need a board-ready view of ransomware exposure before our insurance renewal.',
};

function post(body: unknown, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/consultations',
    headers: { origin: t.env.APP_URL },
    payload: body as object,
    remoteAddress: ip,
  });
}

test('a visitor submits the consultation form: stored, and one e-mail to sales goes through the outbox', async () => {
  const response = await post(validBody, '10.0.0.2');
  expect(response.statusCode).toBe(201);
  const { id } = response.json<{ id: string }>();
  const [row] = await t.app.db.select().from(consultationRequests).where(eq(consultationRequests.id, id));
  expect(row).toMatchObject({
    name: 'Dana Whitfield',
    email: 'dana.whitfield@harborclinic.example',
    company: 'Harbor Family Clinics',
    companySize: '100-249',
    status: 'new',
  });
  const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'sales@cifer.test'));
  const mail = mails.find((m) => m.text.includes(id));
  expect(mail?.subject).toBe('New consultation request: Harbor Family Clinics (One-time assessment ($5K-$15K+))');
  expect(mail?.text).toContain('insurance renewal');
  await t.app.mailer.deliverDue();
});

test('missing and invalid fields answer 400 with the form messages and store nothing', async () => {
  const before = (await t.app.db.select().from(consultationRequests)).length;
  const response = await post(
    { name: ' ', email: 'not-an-email', company: '', companySize: '', industry: 'retail', service: 'x', message: '' },
    '10.0.0.3',
  );
  expect(response.statusCode).toBe(400);
  const messages = response.json<{ issues: { path: string; message: string }[] }>().issues.map((i) => `${i.path}: ${i.message}`);
  expect(messages).toEqual(
    expect.arrayContaining([
      'name: Name is required',
      'email: Please enter a valid work email address',
      'company: Company name is required',
      'companySize: Please select your company size',
      'industry: Please select your industry',
      'service: Please select a service',
    ]),
  );
  expect((await t.app.db.select().from(consultationRequests)).length).toBe(before);
});

test('unknown fields are refused (VAL-01)', async () => {
  const response = await post({ ...validBody, status: 'closed' }, '10.0.0.4');
  expect(response.statusCode).toBe(400);
});

test('RL the form is rate limited per IP and per address, with Retry-After; the window reopens', async () => {
  for (let i = 0; i < CONSULTATION_LIMIT_PER_IP; i += 1) {
    expect((await post({ ...validBody, email: `person${i}@ip-limit.example` }, '10.9.9.9')).statusCode).toBe(201);
  }
  const blocked = await post({ ...validBody, email: 'another@ip-limit.example' }, '10.9.9.9');
  expect(blocked.statusCode).toBe(429);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

  for (let i = 0; i < CONSULTATION_LIMIT_PER_EMAIL; i += 1) {
    expect((await post({ ...validBody, email: 'same@email-limit.example' }, `10.8.0.${i}`)).statusCode).toBe(201);
  }
  expect((await post({ ...validBody, email: 'SAME@email-limit.example' }, '10.8.0.99')).statusCode).toBe(429);

  t.clock.advance(CONSULTATION_WINDOW_MS + 1000);
  expect((await post({ ...validBody, email: 'another@ip-limit.example' }, '10.9.9.9')).statusCode).toBe(201);
});

test('CSRF-01 a cross-site POST without Origin is refused', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/consultations', payload: validBody, remoteAddress: '10.0.0.5' });
  expect(response.statusCode).toBe(403);
});
