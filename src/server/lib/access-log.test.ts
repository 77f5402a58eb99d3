import { Writable } from 'node:stream';
import Fastify, { LogController, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildLoggerOptions } from '../app.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { accessLog } from './access-log.ts';
import { NO_ROUTE } from './route-pattern.ts';

type Line = Record<string, unknown>;

function parseLines(chunks: string[]): Line[] {
  return chunks.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Line);
}

const isAccessLine = (line: Line) => line.msg === 'request completed';

describe('the access line of the app (ADR 205), read from what the app logged', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => t.close());

  /** Sends one request and returns the log lines written meanwhile. */
  async function send(request: InjectOptions) {
    const before = t.logs.length;
    const response = await t.app.inject(request);
    await t.app.backgroundTasks.idle();
    return { response, lines: parseLines(t.logs.slice(before)), text: t.logs.slice(before).join('') };
  }

  test('one line per request, the last of its lines: request id, method, route pattern, status and milliseconds; nothing of the URL', async () => {
    const { response, lines, text } = await send({ method: 'GET', url: '/api/assessments/3f1c7a8e-0000-4000-8000-000000000000?token=query-secret-42&email=ada%40example.com' });
    expect(response.statusCode).toBe(401);
    const access = lines.filter(isAccessLine);
    expect(access).toHaveLength(1);
    expect(lines.at(-1)).toBe(access[0]);
    expect(Object.keys(access[0]!)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'method', 'route', 'status', 'ms', 'msg']);
    expect(access[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/assessments/:id', status: 401 });
    expect(access[0]!.ms).toEqual(expect.any(Number));
    // Every line of the request carries its id, and no other request's.
    expect(new Set(lines.map((line) => line.reqId))).toEqual(new Set([access[0]!.reqId]));
    expect(text).not.toMatch(/3f1c7a8e|query-secret-42|ada(%40|@)example/);

    const next = await send({ method: 'GET', url: '/healthz' });
    expect(next.lines.filter(isAccessLine)).toEqual([expect.objectContaining({ route: '/healthz', status: 200 })]);
    expect(next.lines[0]!.reqId).not.toBe(access[0]!.reqId);
  });

  test('an unknown URL carrying a token: the route is "(no route)", and no line holds its path or query', async () => {
    const { response, lines, text } = await send({ method: 'GET', url: '/api/no-such-endpoint/ada@example.com?token=query-secret-43' });
    expect(response.statusCode).toBe(404);
    expect(lines.map((line) => line.msg)).toEqual(['route not found', 'request completed']);
    expect(lines.at(-1)).toMatchObject({ method: 'GET', route: NO_ROUTE, status: 404 });
    expect(text).not.toMatch(/no-such-endpoint|query-secret-43|ada@example/);
  });

  test('bad input is logged once (the refusal) besides the access line, without what the body held', async () => {
    const { response, lines, text } = await send({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":"ada@example.com","password":"Correct-Horse-42',
      headers: { origin: t.env.APP_URL, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(lines.map((line) => line.msg)).toEqual(['request refused', 'request completed']);
    expect(lines.at(-1)).toMatchObject({ method: 'POST', route: '/api/auth/login', status: 400 });
    expect(text).not.toMatch(/ada@example|Correct-Horse-42/);
  });
});

describe("the access line through the app's logger options", () => {
  async function appLoggingAt(level: 'info' | 'warn') {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { ...buildLoggerOptions({ LOG_LEVEL: level, NODE_ENV: 'test' }), stream }, logController: new LogController({ disableRequestLogging: true }) });
    await app.register(accessLog);
    app.get('/items/:id', async () => ({ ok: true }));
    app.get('/broken', async () => {
      throw new Error('broken on purpose');
    });
    app.post('/chatty', async (request) => {
      request.log.info({ body: request.body }, 'handled');
      return { ok: true };
    });
    return { app, lines: () => parseLines(chunks) };
  }

  test('a 5xx is at error level: at warn, only the failed request has a line', async () => {
    const { app, lines } = await appLoggingAt('warn');
    expect((await app.inject({ url: '/items/7' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
    expect(lines()).toEqual([expect.objectContaining({ level: 50, method: 'GET', route: '/broken', status: 500, msg: 'request completed' })]);
  });

  test("a request's own line carries its request id, with passwords, tokens and codes redacted", async () => {
    const { app, lines } = await appLoggingAt('info');
    const secrets = { password: 'Correct-Horse-42', token: 'tok-secret-77', code: '123456', secret: 'JBSWY3DPEHPK3PXP' };
    await app.inject({ method: 'POST', url: '/chatty', payload: secrets });
    await app.close();
    const [handled, completed] = lines();
    expect(handled).toMatchObject({ msg: 'handled', body: { password: '[redacted]', token: '[redacted]', code: '[redacted]', secret: '[redacted]' } });
    expect(completed).toMatchObject({ msg: 'request completed', route: '/chatty', status: 200 });
    expect(handled!.reqId).toBe(completed!.reqId);
    expect(JSON.stringify(lines())).not.toMatch(/Correct-Horse-42|tok-secret-77|123456|JBSWY3DPEHPK3PXP/);
  });
});
