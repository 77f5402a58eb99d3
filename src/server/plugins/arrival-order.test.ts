import { setImmediate } from 'node:timers';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { arrivalOrder, createArrivalQueue } from './arrival-order.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('the queue admits one entry per turn of the event loop, in the order they entered', async () => {
  const queue = createArrivalQueue();
  const admitted: string[] = [];
  for (const name of ['a', 'b', 'c']) queue.enter(() => admitted.push(name));
  expect(admitted).toEqual([]);
  await nextTurn();
  expect(admitted).toEqual(['a']);
  queue.enter(() => admitted.push('d'));
  await nextTurn();
  expect(admitted).toEqual(['a', 'b']);
  await nextTurn();
  await nextTurn();
  expect(admitted).toEqual(['a', 'b', 'c', 'd']);
});

test('the queue starts again after it ran empty', async () => {
  const queue = createArrivalQueue();
  const admitted: string[] = [];
  queue.enter(() => admitted.push('first'));
  await nextTurn();
  await nextTurn();
  queue.enter(() => admitted.push('second'));
  await nextTurn();
  expect(admitted).toEqual(['first', 'second']);
});

test('requests run in the order they were sent, one per turn, and the probes go ahead of the queue', async () => {
  const app = Fastify();
  await app.register(arrivalOrder);
  const started: string[] = [];
  let turn = 0;
  app.get('/work/:n', async (request) => {
    const { n } = request.params as { n: string };
    started.push(`work ${n} (turn ${turn})`);
    return { n };
  });
  app.get('/healthz', { config: { arrivalOrder: 'immediate' } }, async () => {
    started.push(`probe (turn ${turn})`);
    return { status: 'ok' };
  });
  await app.ready();
  // Counts turns of the event loop while the requests are answered.
  let counting = true;
  const count = () => {
    turn += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const answers = await Promise.all([app.inject('/work/1'), app.inject('/work/2'), app.inject('/healthz'), app.inject('/work/3')]);
  counting = false;
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
  expect(started.map((entry) => entry.replace(/ \(turn \d+\)/, ''))).toEqual(['probe', 'work 1', 'work 2', 'work 3']);
  const turns = started.slice(1).map((entry) => Number(/turn (\d+)/.exec(entry)![1]));
  expect(new Set(turns).size).toBe(3);
  await app.close();
});
