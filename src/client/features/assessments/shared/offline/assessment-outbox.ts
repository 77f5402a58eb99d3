import type { AssessmentPath, AssessmentStep, DraftRiskInput, EvidenceNotes } from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';
import { apiRequest, ApiError } from '@/client/lib/api-client.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import type { Assessment, CreateAssessmentBody, UpdateAssessmentBody } from '@/contracts/assessments.ts';
import { ASSESSMENTS_KEY } from '../api/list-assessments.ts';
import { removeAllLocalDrafts } from '../lib/draft-input.ts';
import { createIdbOutboxStorage } from './idb-outbox-storage.ts';
import { createMemoryOutboxStorage, createOutbox, type Outbox, type OutboxEntry } from './outbox.ts';
import { lastServerVersion, noteServerVersion } from './server-versions.ts';
import type { SyncApi } from './sync-outbox.ts';

let outbox: Outbox | null = null;

/** The page's one outbox, in IndexedDB (in memory where the browser has none). */
export function getAssessmentOutbox(): Outbox {
  outbox ??= createOutbox(typeof indexedDB === 'undefined' ? createMemoryOutboxStorage() : createIdbOutboxStorage());
  return outbox;
}

const url = (id: string, action = '') => `${ASSESSMENTS_KEY}/${encodeURIComponent(id)}${action}`;

export const assessmentSyncApi: SyncApi = {
  update: async (id, body: UpdateAssessmentBody) => {
    const saved = await apiRequest<Assessment>('PATCH', url(id), body);
    noteServerVersion(saved);
    return saved;
  },
  complete: (id, seed) => apiRequest<Assessment>('POST', url(id, '/complete'), seed === undefined ? {} : { seed }),
  get: async (id) => {
    try {
      return await apiRequest<Assessment>('GET', url(id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  create: (body: CreateAssessmentBody) => apiRequest<Assessment>('POST', ASSESSMENTS_KEY, body),
};

/**
 * The autosave's way to the server: a PATCH, unless the connection is down or this draft already
 * has queued offline changes (they must reach the server first, through the sync and its
 * conflict check): then the change is queued in IndexedDB.
 */
export async function saveDraftOrQueue(
  id: string,
  snapshot: { input: DraftRiskInput; step: AssessmentStep; evidenceNotes?: EvidenceNotes; businessAnswers?: BusinessAnswers },
  userId: string | undefined,
): Promise<'saved' | 'queued'> {
  const box = getAssessmentOutbox();
  const version = lastServerVersion(id);
  if (!(await box.has(id))) {
    try {
      await assessmentSyncApi.update(id, {
        input: snapshot.input,
        currentStep: snapshot.step,
        ...(snapshot.evidenceNotes ? { evidenceNotes: snapshot.evidenceNotes } : {}),
        ...(snapshot.businessAnswers ? { businessAnswers: snapshot.businessAnswers } : {}),
      });
      return 'saved';
    } catch (error) {
      if (!isNetworkFailure(error) || !userId || !version) throw error;
    }
  }
  if (!userId || !version) throw new Error('This draft cannot be kept for later: reload the page when you are back online.');
  const answers = snapshot.businessAnswers ? { businessAnswers: snapshot.businessAnswers } : {};
  await box.queue({ assessmentId: id, userId, title: version.title, input: snapshot.input, step: snapshot.step, baseUpdatedAt: version.updatedAt, ...answers });
  return 'queued';
}

const OFFLINE_TITLE = 'New assessment (not synced yet)';

/** A draft only this device has, as the page shows it until the sync has made it on the server. */
function draftStartedOffline(entry: OutboxEntry & { startedOffline: NonNullable<OutboxEntry['startedOffline']> }): Assessment {
  const { createdAt, path } = entry.startedOffline;
  return {
    id: entry.assessmentId,
    title: entry.title,
    path,
    status: 'draft',
    currentStep: entry.step,
    author: null,
    engineVersion: null,
    seed: null,
    summary: null,
    createdAt,
    updatedAt: entry.baseUpdatedAt,
    completedAt: null,
    input: entry.input,
    result: null,
    businessAnswers: entry.businessAnswers ?? {},
    evidenceNotes: {},
    answerProvenance: {},
    sourceAssessmentId: null,
  };
}

/**
 * 'Start' with no connection (ADR 304): the draft gets its id on this device and waits in the
 * outbox; the sync creates it on the server under that id, then sends its answers.
 */
export async function startAssessmentOffline(path: AssessmentPath, userId: string): Promise<Assessment> {
  const createdAt = new Date().toISOString();
  const entry = await getAssessmentOutbox().queue({
    assessmentId: crypto.randomUUID(),
    userId,
    title: OFFLINE_TITLE,
    input: { factors: {}, frameworks: {} },
    step: 'profile',
    baseUpdatedAt: createdAt,
    startedOffline: { path, createdAt },
  });
  const draft = draftStartedOffline({ ...entry, startedOffline: { path, createdAt } });
  noteServerVersion(draft);
  return draft;
}

/** The draft as this device has it while the server has not seen it yet; null for any other. */
export async function findDraftStartedOffline(id: string): Promise<Assessment | null> {
  const entry = await getAssessmentOutbox().get(id);
  if (!entry?.startedOffline) return null;
  return draftStartedOffline({ ...entry, startedOffline: entry.startedOffline });
}

/** 'Calculate' with no connection: the answers and the request to complete wait in the outbox. */
export async function queueCompletion(
  id: string,
  snapshot: { input: DraftRiskInput; step: AssessmentStep; businessAnswers?: BusinessAnswers },
  userId: string,
  seed?: number,
): Promise<void> {
  const version = lastServerVersion(id);
  if (!version) throw new Error('This assessment cannot be calculated offline: reload the page when you are back online.');
  const answers = snapshot.businessAnswers ? { businessAnswers: snapshot.businessAnswers } : {};
  await getAssessmentOutbox().queue({ assessmentId: id, userId, title: version.title, input: snapshot.input, step: snapshot.step, baseUpdatedAt: version.updatedAt, complete: true, ...answers, ...(seed === undefined ? {} : { seed }) });
}

/** Logout: the offline queue and the browser copies of drafts leave the device (ADR 161). */
export async function clearOfflineAssessments(): Promise<void> {
  removeAllLocalDrafts();
  await getAssessmentOutbox().clear();
}
