import { afterEach, describe, expect, test } from 'vitest';
import { parsePrometheusText } from '../metrics/parse-prometheus-text.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Each test builds its own app (fresh database and migrations) and runs the engine: on a loaded shared machine PGlite needs more than the default 30 s. Not a speed assertion. */
const BUILDS_AN_APP = { timeout: 180_000 };


let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

function scrape(app: TestApp, authorization?: string) {
  return app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
}

describe('GET /metrics', () => {
  test('without METRICS_TOKEN configured the endpoint does not exist: 404, even with a bearer token', BUILDS_AN_APP, async () => {
    t = await createTestApp();
    expect((await scrape(t)).statusCode).toBe(404);
    const withToken = await scrape(t, `Bearer ${TOKEN}`);
    expect(withToken.statusCode).toBe(404);
    expect(withToken.json()).toMatchObject({ code: 'not_found' });
  });

  test('a missing, malformed or wrong bearer token is refused with 401 and WWW-Authenticate, and the token is never logged', BUILDS_AN_APP, async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, TOKEN, 'Basic abc', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ']) {
      const response = await scrape(t, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
    expect(t.logs.join('\n')).not.toContain(TOKEN.slice(0, 20));
  });

  test('with the token: Prometheus text a strict parser accepts, with request rate and latency by route, job and outbox counters and process metrics', BUILDS_AN_APP, async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/assessments/3f1c7a8e-0000-4000-8000-000000000000' });
    t.app.jobs.register('test.metrics', async () => {});
    await t.app.jobs.enqueue('test.metrics');
    await t.app.jobs.runDue();
    await t.app.mailer.send({ to: 'ops@example.com', subject: 'x', text: 'y' });
    await t.app.mailer.deliverDue();

    const response = await scrape(t, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.headers['content-type']).toContain('version=0.0.4');
    const families = parsePrometheusText(response.body);

    const latency = families.get('cifer_http_request_duration_seconds');
    expect(latency?.type).toBe('histogram');
    // The histogram's count is the request rate: no second series of the same requests.
    expect(families.has('cifer_http_requests_total')).toBe(false);
    const counts = latency?.samples.filter((s) => s.name === 'cifer_http_request_duration_seconds_count') ?? [];
    const health = counts.find((s) => s.labels.route === '/healthz' && s.labels.method === 'GET' && s.labels.status_code === '200');
    expect(health?.value).toBe(2);
    // The route template, never the id: one series however many ids are requested.
    expect(counts.some((s) => s.labels.route === '/api/assessments/:id' && s.labels.status_code === '401')).toBe(true);
    expect(latency?.samples.some((s) => s.labels.route?.includes('3f1c7a8e'))).toBe(false);
    expect(latency?.samples.some((s) => s.name.endsWith('_bucket') && s.labels.le === '+Inf')).toBe(true);

    expect(families.get('cifer_jobs_processed_total')?.samples).toContainEqual({ name: 'cifer_jobs_processed_total', labels: { name: 'test.metrics', outcome: 'done' }, value: 1 });
    expect(families.get('cifer_outbox_deliveries_total')?.samples).toContainEqual({ name: 'cifer_outbox_deliveries_total', labels: { outcome: 'held' }, value: 1 });
    expect(families.get('cifer_outbox_messages')?.samples).toContainEqual({ name: 'cifer_outbox_messages', labels: { status: 'held' }, value: 1 });
    // The pass also ran the hourly jobs, the monitoring reminders, the privacy sweep (ADR 233) and the
    // OAuth purge (ADR 294), and on the embedded database its daily vacuum (ADR 260): four or five finished jobs in the table.
    expect(families.get('cifer_jobs')?.samples).toContainEqual({ name: 'cifer_jobs', labels: { status: 'done' }, value: t.database.embedded ? 5 : 4 });
    expect(families.get('cifer_process_cpu_seconds_total')?.type).toBe('counter');
    expect(families.get('cifer_process_resident_memory_bytes')?.samples[0]?.value).toBeGreaterThan(0);
  });

  test('the parser used above rejects malformed exposition text', () => {
    expect(() => parsePrometheusText('cifer_x 1\n')).toThrow(/no # TYPE/);
    expect(() => parsePrometheusText('# TYPE a counter\na{b="c} 1\n')).toThrow();
    expect(() => parsePrometheusText('# TYPE a counter\na{b="c"} one\n')).toThrow(/bad sample value/);
    expect(() => parsePrometheusText('# TYPE a counter\n# TYPE a gauge\n')).toThrow(/declared twice/);
    expect(() => parsePrometheusText('# TYPE a counter\na{1b="c"} 1\n')).toThrow(/bad label name/);
    expect(parsePrometheusText('# HELP a The a.\n# TYPE a gauge\na{b="x\\"y"} 2.5e3\n').get('a')?.samples[0]).toEqual({ name: 'a', labels: { b: 'x"y' }, value: 2500 });
  });
});
