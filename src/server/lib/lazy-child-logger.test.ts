import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { expect, test } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory } from './lazy-child-logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info', redact: { paths: ['*.token'], censor: '[redacted]' } }, stream) };
}

test('no pino child is built for a request that logs nothing; one that logs writes the same line an eager child writes', async () => {
  const { lines, logger } = capture();
  const children: LazyChildLogger[] = [];
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (parent, bindings, options) => {
      const child = lazyChildLoggerFactory(parent, bindings, options) as LazyChildLogger;
      children.push(child);
      return child;
    },
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (request) => {
    request.log.info({ detail: { token: 'secret-value' }, n: 1 }, 'handled');
    return { ok: true };
  });
  await app.inject({ url: '/quiet' });
  await app.inject({ url: '/chatty' });
  await app.close();

  expect(children.map((child) => child.built)).toEqual([false, true]);
  const handled = lines.find((line) => line.msg === 'handled');
  expect(handled).toMatchObject({ level: 30, n: 1, detail: { token: '[redacted]' } });
  expect(handled?.reqId).toEqual(expect.stringMatching(/^req-/));
});

test('the level reads through without building the child, and setting it builds the child with that level', () => {
  const { lines, logger } = capture();
  const lazy = new LazyChildLogger(logger, { reqId: 'r-1' }, {});
  expect(lazy.level).toBe('info');
  expect(lazy.built).toBe(false);
  lazy.level = 'warn';
  expect(lazy.built).toBe(true);
  lazy.info('dropped');
  lazy.warn('kept');
  expect(lines.map((line) => [line.msg, line.reqId])).toEqual([['kept', 'r-1']]);
  expect(new LazyChildLogger(logger, { reqId: 'r-2' }, { level: 'error' }).level).toBe('error');
});

test('a child of the lazy logger carries both sets of bindings', () => {
  const { lines, logger } = capture();
  new LazyChildLogger(logger, { reqId: 'r-3' }, {}).child({ job: 'x' }).info('nested');
  expect(lines[0]).toMatchObject({ reqId: 'r-3', job: 'x', msg: 'nested' });
});
