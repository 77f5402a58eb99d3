import { expect, test } from 'vitest';
import { createMemoryOutboxStorage, createOutbox, type QueueChange } from './outbox.ts';

const change = (overrides: Partial<QueueChange> = {}): QueueChange => ({
  assessmentId: 'a-1',
  userId: 'u-1',
  title: 'Acme',
  input: { factors: { M1: 'best' } },
  step: 'people',
  baseUpdatedAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

function setup() {
  let clock = 1_000;
  const outbox = createOutbox(createMemoryOutboxStorage(), () => clock);
  return { outbox, tick: (ms = 10) => (clock += ms) };
}

test('later changes replace the answers but keep the first base version and a pressed Calculate', async () => {
  const { outbox, tick } = setup();
  await outbox.queue(change());
  tick();
  await outbox.queue(change({ input: { factors: { M1: 'worst' } }, step: 'review', baseUpdatedAt: '2026-11-22T11:00:00.000Z', complete: true, seed: 7 }));
  tick();
  const last = await outbox.queue(change({ input: { factors: { M1: 'partial' } } }));
  expect(last).toMatchObject({ input: { factors: { M1: 'partial' } }, baseUpdatedAt: '2026-11-22T10:00:00.000Z', complete: true, seed: 7 });
  expect(await outbox.pendingFor('u-1')).toHaveLength(1);
});

test("another user's entries are neither sent nor merged with this user's", async () => {
  const { outbox } = setup();
  await outbox.queue(change({ userId: 'u-2', complete: true }));
  const mine = await outbox.queue(change());
  expect(mine.complete).toBe(false);
  expect(await outbox.pendingFor('u-2')).toEqual([]);
  expect((await outbox.pendingFor('u-1')).map((e) => e.assessmentId)).toEqual(['a-1']);
});

test('settle removes what was sent, but keeps a change queued during the sync, now based on the saved version', async () => {
  const { outbox, tick } = setup();
  const sent = await outbox.queue(change());
  await outbox.settle(sent, '2026-11-22T12:00:00.000Z');
  expect(await outbox.has('a-1')).toBe(false);

  const sentAgain = await outbox.queue(change());
  tick();
  await outbox.queue(change({ input: { factors: { M1: 'worst' } } }));
  await outbox.settle(sentAgain, '2026-11-22T13:00:00.000Z');
  expect(await outbox.get('a-1')).toMatchObject({ input: { factors: { M1: 'worst' } }, baseUpdatedAt: '2026-11-22T13:00:00.000Z' });
});

test('two changes in the same millisecond still count as different changes', async () => {
  const { outbox } = setup();
  const first = await outbox.queue(change());
  const second = await outbox.queue(change({ input: { factors: { M1: 'worst' } } }));
  expect(second.queuedAt).toBeGreaterThan(first.queuedAt);
  await outbox.settle(first, '2026-11-22T12:00:00.000Z');
  expect(await outbox.has('a-1')).toBe(true);
});

test('clear empties the outbox and tells subscribers (logout)', async () => {
  const { outbox } = setup();
  let notified = 0;
  outbox.subscribe(() => (notified += 1));
  await outbox.queue(change());
  await outbox.queue(change({ assessmentId: 'a-2' }));
  await outbox.clear();
  expect(await outbox.pendingFor('u-1')).toEqual([]);
  expect(notified).toBe(3);
});

test('ADR 304: a draft started offline stays marked so through later changes, and a change queued during its first sync no longer is', async () => {
  const { outbox, tick } = setup();
  const startedOffline = { path: 'business' as const, createdAt: '2026-11-22T09:00:00.000Z' };
  const sent = await outbox.queue(change({ startedOffline, businessAnswers: { q1: 'yes' } as never }));
  tick();
  const later = await outbox.queue(change({ input: { factors: { M1: 'worst' } } }));
  expect(later).toMatchObject({ startedOffline, businessAnswers: { q1: 'yes' } });
  tick();
  await outbox.queue(change({ input: { factors: { M1: 'partial' } } }));
  await outbox.settle(later, '2026-11-22T12:00:00.000Z');
  const left = await outbox.get('a-1');
  expect(left).toMatchObject({ input: { factors: { M1: 'partial' } }, baseUpdatedAt: '2026-11-22T12:00:00.000Z' });
  expect(left?.startedOffline).toBeUndefined();
  expect(sent.startedOffline).toEqual(startedOffline);
});
