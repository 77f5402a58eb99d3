import { afterEach, expect, test, vi } from 'vitest';
import { readLocalDraft, writeLocalDraft } from '../lib/draft-input.ts';
import { noteServerVersion } from './server-versions.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const INPUT = { factors: { M1: 'best' as const } };

test('a network failure queues the change on the version last seen; later saves go to the queue until it has synced', async () => {
  const { getAssessmentOutbox, saveDraftOrQueue } = await import('./assessment-outbox.ts');
  noteServerVersion({ id: 'a-1', updatedAt: '2026-11-22T10:00:00.000Z', title: 'Acme' });
  const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchMock);
  await expect(saveDraftOrQueue('a-1', { input: INPUT, step: 'people' }, 'u-1')).resolves.toBe('queued');
  expect(await getAssessmentOutbox().get('a-1')).toMatchObject({ userId: 'u-1', title: 'Acme', input: INPUT, baseUpdatedAt: '2026-11-22T10:00:00.000Z', complete: false });

  // Back online: the queued entry must go through the sync's conflict check, not a blind PATCH.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));
  await expect(saveDraftOrQueue('a-1', { input: { factors: { M1: 'worst' } }, step: 'people' }, 'u-1')).resolves.toBe('queued');
  expect(await getAssessmentOutbox().get('a-1')).toMatchObject({ input: { factors: { M1: 'worst' } }, baseUpdatedAt: '2026-11-22T10:00:00.000Z' });
  await getAssessmentOutbox().clear();
});

test('a server refusal is not queued: it is reported to the autosave as a failure', async () => {
  const { getAssessmentOutbox, saveDraftOrQueue } = await import('./assessment-outbox.ts');
  noteServerVersion({ id: 'a-2', updatedAt: '2026-11-22T10:00:00.000Z', title: 'Acme' });
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"A completed assessment cannot be changed"}', { status: 409 })));
  await expect(saveDraftOrQueue('a-2', { input: INPUT, step: 'people' }, 'u-1')).rejects.toThrow('409');
  expect(await getAssessmentOutbox().has('a-2')).toBe(false);
});

test('logout: clearOfflineAssessments empties the queue and every browser copy of a draft', async () => {
  const { clearOfflineAssessments, getAssessmentOutbox, queueCompletion } = await import('./assessment-outbox.ts');
  noteServerVersion({ id: 'a-3', updatedAt: '2026-11-22T10:00:00.000Z', title: 'Acme' });
  await queueCompletion('a-3', { input: INPUT, step: 'review' }, 'u-1');
  writeLocalDraft('a-3', { input: INPUT, step: 'review', savedAt: 1, isDirty: true });
  writeLocalDraft('a-4', { input: INPUT, step: 'people', savedAt: 1, isDirty: false });
  window.localStorage.setItem('pwa-install-dismissed', 'true');
  await clearOfflineAssessments();
  expect(await getAssessmentOutbox().pendingFor('u-1')).toEqual([]);
  expect(readLocalDraft('a-3')).toBeNull();
  expect(readLocalDraft('a-4')).toBeNull();
  // Not user data: the install banner's dismissal stays.
  expect(window.localStorage.getItem('pwa-install-dismissed')).toBe('true');
});
