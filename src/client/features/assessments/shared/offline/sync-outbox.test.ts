import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '@/client/lib/api-client.ts';
import type { Assessment, DraftRiskInput, UpdateAssessmentBody } from '@/contracts/assessments.ts';
import type { OutboxEntry } from './outbox.ts';
import { keepOfflineVersion, syncEntry, type SyncApi } from './sync-outbox.ts';

const BASE = '2026-11-22T10:00:00.000Z';

function assessment(overrides: Record<string, unknown> = {}): Assessment {
  return { id: 'a-1', title: 'Acme', status: 'draft', input: {}, currentStep: 'profile', updatedAt: BASE, result: null, seed: null, completedAt: null, ...overrides } as unknown as Assessment;
}

const entry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  assessmentId: 'a-1',
  userId: 'u-1',
  title: 'Acme',
  input: { factors: { M1: 'best', M2: 'worst' } },
  step: 'review',
  complete: false,
  baseUpdatedAt: BASE,
  queuedAt: 1,
  ...overrides,
});

/** A server holding one assessment, with the PATCH precondition of ADR 162. */
function fakeServer(stored: Assessment | null) {
  let current = stored;
  let clock = Date.parse(BASE);
  const nextTime = () => new Date((clock += 1000)).toISOString();
  const api = {
    update: vi.fn(async (id: string, body: UpdateAssessmentBody) => {
      if (!current || current.id !== id) throw new ApiError(404, '{"message":"Assessment not found"}', 'Not Found');
      if (current.status !== 'draft' || (body.expectedUpdatedAt && body.expectedUpdatedAt !== current.updatedAt)) throw new ApiError(409, '{"message":"changed"}', 'Conflict');
      current = { ...current, input: body.input as DraftRiskInput, currentStep: body.currentStep ?? null, updatedAt: nextTime() } as Assessment;
      return current;
    }),
    complete: vi.fn(async (id: string) => {
      if (!current || current.id !== id || current.status !== 'draft') throw new ApiError(409, '{}', 'Conflict');
      current = { ...current, status: 'completed', updatedAt: nextTime() } as Assessment;
      return current;
    }),
    get: vi.fn(async (id: string) => (current && current.id === id ? current : null)),
    create: vi.fn(async (body: { title?: string; input?: DraftRiskInput }) => {
      current = assessment({ id: 'a-new', title: body.title ?? 'x', input: body.input ?? {}, updatedAt: nextTime() });
      return current;
    }),
  } satisfies SyncApi;
  return { api, current: () => current };
}

describe('syncEntry (ADR 162)', () => {
  test('unchanged on the server: saved with the base version as precondition, then completed when Calculate was pressed offline', async () => {
    const server = fakeServer(assessment());
    const outcome = await syncEntry(entry({ complete: true }), server.api);
    expect(outcome.kind).toBe('saved');
    expect(server.api.update).toHaveBeenCalledWith('a-1', { input: entry().input, currentStep: 'review', expectedUpdatedAt: BASE });
    expect(server.api.complete).toHaveBeenCalledOnce();
    expect(server.current()).toMatchObject({ status: 'completed', input: entry().input });
  });

  test('changed on the server with different answers: a conflict, and the server copy is untouched', async () => {
    const changed = assessment({ input: { factors: { M1: 'worst' } }, updatedAt: '2026-11-22T10:30:00.000Z' });
    const server = fakeServer(changed);
    const outcome = await syncEntry(entry({ complete: true }), server.api);
    expect(outcome).toMatchObject({ kind: 'conflict', server: changed });
    expect(server.current()).toEqual(changed);
    expect(server.api.complete).not.toHaveBeenCalled();
  });

  test('changed on the server to the very same answers (e.g. saved from another tab): no conflict', async () => {
    const server = fakeServer(assessment({ input: { factors: { M2: 'worst', M1: 'best' } }, updatedAt: '2026-11-22T10:30:00.000Z' }));
    const outcome = await syncEntry(entry(), server.api);
    expect(outcome.kind).toBe('saved');
    expect(server.api.update).toHaveBeenLastCalledWith('a-1', expect.objectContaining({ expectedUpdatedAt: '2026-11-22T10:30:00.000Z' }));
  });

  test('completed or deleted on the server meanwhile: a conflict', async () => {
    expect(await syncEntry(entry(), fakeServer(assessment({ status: 'completed' })).api)).toMatchObject({ kind: 'conflict' });
    expect(await syncEntry(entry(), fakeServer(null).api)).toMatchObject({ kind: 'conflict', server: null });
  });

  test('no connection (or a server error): failed, so the entry stays queued', async () => {
    const server = fakeServer(assessment());
    server.api.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await syncEntry(entry(), server.api)).kind).toBe('failed');
    server.api.update.mockRejectedValueOnce(new ApiError(500, '', 'Internal Server Error'));
    expect((await syncEntry(entry(), server.api)).kind).toBe('failed');
    expect(server.current()?.input).toEqual({});
  });
});

describe('a draft started offline (ADR 304)', () => {
  const startedOffline = (overrides: Partial<OutboxEntry> = {}) =>
    entry({ assessmentId: 'a-new', baseUpdatedAt: '2026-11-22T09:00:00.000Z', startedOffline: { path: 'business', createdAt: '2026-11-22T09:00:00.000Z' }, ...overrides });

  test('is created on the server under its own id first, then its answers are saved onto that version and completed', async () => {
    const server = fakeServer(null);
    const outcome = await syncEntry(startedOffline({ complete: true, businessAnswers: { q1: 'yes' } as never }), server.api);
    expect(outcome.kind).toBe('saved');
    expect(server.api.create).toHaveBeenCalledWith({ id: 'a-new', path: 'business', input: entry().input });
    // The precondition is the created version, not the device's clock.
    expect(server.api.update).toHaveBeenCalledWith('a-new', expect.objectContaining({ expectedUpdatedAt: '2026-11-22T10:00:01.000Z', businessAnswers: { q1: 'yes' } }));
    expect(server.current()).toMatchObject({ id: 'a-new', status: 'completed' });
  });

  test('a sync cut short after the completion and retried finds it completed with the same answers: saved, not a conflict', async () => {
    const server = fakeServer(assessment({ id: 'a-new', status: 'completed', input: entry().input }));
    server.api.create.mockImplementationOnce(async () => server.current() as Assessment);
    const outcome = await syncEntry(startedOffline({ complete: true }), server.api);
    expect(outcome).toMatchObject({ kind: 'saved', assessment: { id: 'a-new', status: 'completed' } });
    expect(server.api.complete).not.toHaveBeenCalled();
  });
});

describe('keepOfflineVersion', () => {
  test('over a changed draft: the offline answers replace it (precondition: the version just shown to the user)', async () => {
    const changed = assessment({ input: { factors: { M1: 'worst' } }, updatedAt: '2026-11-22T10:30:00.000Z' });
    const server = fakeServer(changed);
    const saved = await keepOfflineVersion(entry({ complete: true }), changed, server.api);
    expect(saved).toMatchObject({ id: 'a-1', status: 'completed', input: entry().input });
    expect(server.api.update).toHaveBeenCalledWith('a-1', expect.objectContaining({ expectedUpdatedAt: '2026-11-22T10:30:00.000Z' }));
  });

  test('a third change after the dialog opened is still refused, not overwritten', async () => {
    const shown = assessment({ updatedAt: '2026-11-22T10:30:00.000Z' });
    const server = fakeServer(assessment({ updatedAt: '2026-11-22T10:45:00.000Z' }));
    await expect(keepOfflineVersion(entry(), shown, server.api)).rejects.toThrow('409');
  });

  test('over a completed (or deleted) copy: the server copy stays and the offline answers become a new assessment', async () => {
    const completed = assessment({ status: 'completed' });
    const server = fakeServer(completed);
    const saved = await keepOfflineVersion(entry(), completed, server.api);
    expect(server.api.create).toHaveBeenCalledWith({ title: 'Acme (offline copy)', input: entry().input });
    expect(saved).toMatchObject({ id: 'a-new', input: entry().input, currentStep: 'review' });
  });
});
