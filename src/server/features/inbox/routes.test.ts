import { afterAll, beforeAll, expect, test } from 'vitest';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'support@cifer.test', SALES_EMAIL: 'sales@cifer.test' });
});
afterAll(async () => {
  await t.close();
});

const XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>';

async function sendHelp(cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/help/submit',
    headers: { origin: t.env.APP_URL, cookie },
    payload: { category: 'other', subject: 'XSS probe', message: XSS },
  });
  return response.json<{ id: string }>().id;
}

async function sendConsultation() {
  const payload = {
    name: 'Dana Whitfield',
    email: 'dana@harborclinic.example',
    company: 'Harbor Family Clinics',
    companySize: '100-249',
    industry: 'healthcare',
    service: 'one_time_assessment',
    message: '',
  };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/consultations',
    headers: { origin: t.env.APP_URL },
    payload,
    remoteAddress: '10.0.3.1',
  });
  return response.json<{ id: string }>().id;
}

function patch(cookie: string, id: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url: `/api/admin/inbox/${id}`, headers: { cookie, origin: t.env.APP_URL }, payload });
}

test('AC-02 one inbox: help and consultation requests in one list, newest first, each with its kind and its text exactly as sent', async () => {
  const { cookie: userCookie } = await createVerifiedUserSession(t);
  const helpId = await sendHelp(userCookie);
  const consultationId = await sendConsultation();

  expect((await t.app.inject({ method: 'GET', url: '/api/admin/inbox' })).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/inbox', headers: { cookie: userCookie } })).statusCode).toBe(403);
  const admin = await createVerifiedUserSession(t, { role: 'admin' });
  const list = await t.app.inject({ method: 'GET', url: '/api/admin/inbox', headers: { cookie: admin.cookie } });
  expect(list.statusCode).toBe(200);
  const requests = list.json<{ requests: Array<{ id: string; kind: string; status: string; message: string; createdAt: string }> }>()
    .requests;
  expect(requests.find((item) => item.id === helpId)).toMatchObject({ kind: 'help', status: 'open', message: XSS });
  expect(requests.find((item) => item.id === consultationId)).toMatchObject({ kind: 'consultation', status: 'new' });
  const times = requests.map((item) => item.createdAt);
  expect(times).toEqual([...times].sort().reverse());
});

test('a status change names the kind: each kind takes only its own statuses, another kind or an unknown id is not found', async () => {
  const { cookie: userCookie } = await createVerifiedUserSession(t);
  const helpId = await sendHelp(userCookie);
  const consultationId = await sendConsultation();
  const admin = await createVerifiedUserSession(t, { role: 'super_admin' });

  for (const status of ['answered', 'closed', 'open'] as const) {
    const response = await patch(admin.cookie, helpId, { kind: 'help', status });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: helpId, kind: 'help', status });
  }
  const contacted = await patch(admin.cookie, consultationId, { kind: 'consultation', status: 'contacted' });
  expect(contacted.json()).toMatchObject({ id: consultationId, kind: 'consultation', status: 'contacted' });

  expect((await patch(admin.cookie, helpId, { kind: 'help', status: 'contacted' })).statusCode).toBe(400);
  expect((await patch(admin.cookie, helpId, { status: 'closed' })).statusCode).toBe(400);
  expect((await patch(admin.cookie, helpId, { kind: 'consultation', status: 'closed' })).statusCode).toBe(404);
  expect((await patch(admin.cookie, '00000000-0000-4000-8000-000000000000', { kind: 'help', status: 'closed' })).statusCode).toBe(404);
  expect((await patch(userCookie, helpId, { kind: 'help', status: 'closed' })).statusCode).toBe(403);
});
