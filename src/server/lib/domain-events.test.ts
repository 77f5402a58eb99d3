import { expect, test, vi } from 'vitest';
import { createBackgroundTasks } from './background-tasks.ts';
import { createDomainEvents } from './domain-events.ts';

function silentLog() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn(), fatal: vi.fn(), trace: vi.fn(), silent: vi.fn(), child: vi.fn(), level: 'info' };
}

test('every listener of the event gets it after emit returns; a failing listener is logged and the others still run', async () => {
  const log = silentLog();
  const tasks = createBackgroundTasks(log as never);
  const events = createDomainEvents(tasks);
  const seen: string[] = [];
  events.on('assessment.completed', async (event) => {
    seen.push(`first ${event.assessmentId}`);
  });
  events.on('assessment.completed', async () => {
    throw new Error('listener broke');
  });
  events.on('assessment.completed', async (event) => {
    seen.push(`third ${event.organizationId}`);
  });

  events.emit('assessment.completed', { organizationId: 'org-1', assessmentId: 'a-1' });
  expect(seen).toEqual([]);
  await tasks.idle();
  expect(seen).toEqual(['first a-1', 'third org-1']);
  expect(log.error).toHaveBeenCalledTimes(1);
});

test('an event nobody listens to is a no-op', async () => {
  const tasks = createBackgroundTasks(silentLog() as never);
  createDomainEvents(tasks).emit('assessment.completed', { organizationId: 'o', assessmentId: 'a' });
  await tasks.idle();
});
