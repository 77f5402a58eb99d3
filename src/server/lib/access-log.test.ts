import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, test, vi } from 'vitest';
import { createAccessLog, type FinishedRequest } from './access-log.ts';

/** A destination that keeps each write as it arrived. */
function destination() {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      done();
    },
  });
  return { writes, stream };
}

const FIXED_TIME = () => ',"time":1795421305374';
const REQUESTS: FinishedRequest[] = [
  { id: 'aaca6a1e050a-3', method: 'GET', route: '/api/assessments/:id', status: 200, ms: 1.7 },
  { id: 'req-"quoted"\\', method: 'POST', route: '/api/odd "route"\\ é', status: 503, ms: 12 },
  { id: 'x', method: 'GET', route: '(no route)', status: 404, ms: Number.NaN },
];

test('the direct line is the line pino writes for the same fields, byte for byte, at info and at error level', () => {
  const direct = destination();
  const reference = destination();
  const log = createAccessLog(pino({ timestamp: FIXED_TIME }, direct.stream).child({ app: 'cifer' }), { batch: false });
  const pinoLogger = pino({ timestamp: FIXED_TIME }, reference.stream).child({ app: 'cifer' });
  for (const request of REQUESTS) {
    log.write(request);
    const fields = { reqId: request.id, method: request.method, route: request.route, status: request.status, ms: request.ms };
    if (request.status >= 500) pinoLogger.error(fields, 'request completed');
    else pinoLogger.info(fields, 'request completed');
  }
  expect(direct.writes).toEqual(reference.writes);
  expect(direct.writes).toHaveLength(3);
  expect(JSON.parse(direct.writes[1]!)).toMatchObject({ level: 50, reqId: 'req-"quoted"\\', route: '/api/odd "route"\\ é' });
});

test("with pino's own clock the time is read per line, the same millisecond's lines sharing one reading", () => {
  vi.useFakeTimers({ now: 1_795_421_305_374, toFake: ['Date'] });
  try {
    const direct = destination();
    const reference = destination();
    const log = createAccessLog(pino({}, direct.stream), { batch: false });
    const pinoLogger = pino({}, reference.stream);
    for (const step of [0, 0, 1, 250]) {
      vi.advanceTimersByTime(step);
      log.write(REQUESTS[0]!);
      pinoLogger.info({ reqId: REQUESTS[0]!.id, method: 'GET', route: REQUESTS[0]!.route, status: 200, ms: 1.7 }, 'request completed');
    }
    expect(direct.writes).toEqual(reference.writes);
    expect(direct.writes.map((line) => JSON.parse(line).time)).toEqual([1_795_421_305_374, 1_795_421_305_374, 1_795_421_305_375, 1_795_421_305_625]);
  } finally {
    vi.useRealTimers();
  }
});

test('a logger whose lines the shortcut cannot reproduce (a mixin here) gets the ordinary pino call', () => {
  const { writes, stream } = destination();
  const log = createAccessLog(pino({ timestamp: FIXED_TIME, mixin: () => ({ region: 'eu' }) }, stream), { batch: false });
  log.write(REQUESTS[0]!);
  expect(JSON.parse(writes[0]!)).toMatchObject({ region: 'eu', reqId: 'aaca6a1e050a-3', msg: 'request completed' });
});

test('the logger level is respected: at warn only 5xx lines are written', () => {
  const { writes, stream } = destination();
  const log = createAccessLog(pino({ level: 'warn' }, stream), { batch: false });
  for (const request of REQUESTS) log.write(request);
  expect(writes.map((line) => JSON.parse(line).status)).toEqual([503]);
});

test('batched, the lines of one event-loop turn reach the destination as one write at the end of the turn; flush() writes what waits', async () => {
  const { writes, stream } = destination();
  const log = createAccessLog(pino({ timestamp: FIXED_TIME }, stream), { batch: true });
  log.write(REQUESTS[0]!);
  log.write(REQUESTS[2]!);
  expect(writes).toEqual([]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(writes).toHaveLength(1);
  expect(writes[0]!.split('\n').filter(Boolean).map((line) => JSON.parse(line).reqId)).toEqual(['aaca6a1e050a-3', 'x']);
  log.write(REQUESTS[1]!);
  log.flush();
  expect(writes).toHaveLength(2);
  await new Promise((resolve) => setImmediate(resolve));
  expect(writes).toHaveLength(2);
});
