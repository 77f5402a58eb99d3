import { spawnSync } from 'node:child_process';
import { afterEach, expect, test, vi } from 'vitest';
import { createBatchedLogDestination } from './batched-log-destination.ts';

function recordingSink() {
  const writes: string[] = [];
  return { writes, sink: { write: (text: string) => void writes.push(text) } };
}

afterEach(() => vi.useRealTimers());

test('lines wait until enough are gathered, then reach the sink as one write, in order', () => {
  const { writes, sink } = recordingSink();
  const destination = createBatchedLogDestination(sink, { minChars: 10, flushIntervalMs: 60_000 });
  destination.write('one\n');
  destination.write('two\n');
  expect(writes).toEqual([]);
  destination.write('three\n');
  expect(writes).toEqual(['one\ntwo\nthree\n']);
  destination.write('four\n');
  expect(writes).toHaveLength(1);
  destination.close();
  expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n']);
});

test('a quiet server still shows its lines within the flush interval', () => {
  vi.useFakeTimers();
  const { writes, sink } = recordingSink();
  const destination = createBatchedLogDestination(sink, { minChars: 4_096, flushIntervalMs: 250 });
  destination.write('started\n');
  vi.advanceTimersByTime(249);
  expect(writes).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(writes).toEqual(['started\n']);
  // Nothing waiting: the timer writes nothing.
  vi.advanceTimersByTime(1_000);
  expect(writes).toHaveLength(1);
  destination.close();
});

test('after close every line passes straight through and no exit hook is left behind', () => {
  const exitHooksBefore = process.listenerCount('exit');
  const { writes, sink } = recordingSink();
  const destination = createBatchedLogDestination(sink, { minChars: 4_096, flushIntervalMs: 250 });
  expect(process.listenerCount('exit')).toBe(exitHooksBefore + 1);
  destination.write('waiting\n');
  destination.close();
  expect(writes).toEqual(['waiting\n']);
  destination.write('after close\n');
  expect(writes).toEqual(['waiting\n', 'after close\n']);
  expect(process.listenerCount('exit')).toBe(exitHooksBefore);
});

test('a line logged just before process.exit reaches stdout', () => {
  // The app's set-up as main.ts runs it: pino over the batched destination over pino's own
  // synchronous one, a line at error level, then an immediate exit (as after "could not listen").
  const script = `
    import pino from 'pino';
    import { createBatchedLogDestination } from './src/server/lib/batched-log-destination.ts';
    const log = pino({}, createBatchedLogDestination(pino.destination({ dest: 1, sync: true }), { minChars: 4096, flushIntervalMs: 60000 }));
    log.info('first line');
    log.error('could not listen');
    process.exit(3);
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.status).toBe(3);
  const messages = run.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { msg: string }).msg);
  expect(messages).toEqual(['first line', 'could not listen']);
});
