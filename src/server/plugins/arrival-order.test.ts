import { setImmediate } from 'node:timers';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { arrivalOrder, createArrivalQueue } from './arrival-order.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock the test moves by hand. */
function manualClock() {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

/** A queue with a 5 ms budget whose current turn ran one request for `ms` (spent from 5 on). */
function queueAfterTurnOf(ms: number) {
  const clock = manualClock();
  const queue = createArrivalQueue(5, clock.now);
  expect(queue.tryEnter()).toBe(true);
  clock.advance(ms);
  return { clock, queue };
}

test('within a turn’s budget requests run at once; past it they wait for the next turn, in the order they came', async () => {
  const { clock, queue } = queueAfterTurnOf(4);
  expect(queue.tryEnter()).toBe(true);
  clock.advance(1);
  expect(queue.tryEnter()).toBe(false);
  const admitted: string[] = [];
  for (const name of ['a', 'b', 'c']) queue.enter(() => admitted.push(name));
  expect(admitted).toEqual([]);
  await nextTurn();
  expect(admitted).toEqual(['a', 'b', 'c']);
  expect(queue.tryEnter()).toBe(true);
});

test('a turn admits waiting requests until its budget is spent; the rest wait for later turns', async () => {
  const { clock, queue } = queueAfterTurnOf(5);
  const admitted: string[] = [];
  // Each admitted request works 3 ms: two fit in a turn of 5 ms.
  for (const name of ['a', 'b', 'c', 'd', 'e']) queue.enter(() => admitted.push(name) && clock.advance(3));
  await nextTurn();
  expect(admitted).toEqual(['a', 'b']);
  await nextTurn();
  expect(admitted).toEqual(['a', 'b', 'c', 'd']);
  await nextTurn();
  expect(admitted).toEqual(['a', 'b', 'c', 'd', 'e']);
});

test('nobody overtakes a waiting request, even with budget left', async () => {
  const { queue } = queueAfterTurnOf(6);
  const admitted: string[] = [];
  queue.enter(() => admitted.push('waiting'));
  await nextTurn();
  expect(admitted).toEqual(['waiting']);
  queue.enter(() => admitted.push('second'));
  expect(queue.tryEnter()).toBe(false);
  await nextTurn();
  expect(admitted).toEqual(['waiting', 'second']);
});

test('with no budget, requests run one per turn in the order they were sent, and the probes go ahead of the queue', async () => {
  const app = Fastify();
  await app.register(arrivalOrder, { budgetMs: 0 });
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
  expect(started.map((entry) => entry.replace(/ \(turn \d+\)/, ''))).toEqual(['work 1', 'probe', 'work 2', 'work 3']);
  const turns = started.filter((entry) => entry.startsWith('work')).map((entry) => Number(/turn (\d+)/.exec(entry)![1]));
  expect(new Set(turns).size).toBe(3);
  await app.close();
});
