import type { Assessment, CreateAssessmentBody, UpdateAssessmentBody } from '@/contracts/assessments.ts';
import { ApiError } from '@/client/lib/api-client.ts';
import type { OutboxEntry } from './outbox.ts';

/** The server calls a sync needs (the real ones in assessment-outbox.ts, fakes in tests). */
export interface SyncApi {
  update: (id: string, body: UpdateAssessmentBody) => Promise<Assessment>;
  complete: (id: string, seed?: number) => Promise<Assessment>;
  /** null when the assessment no longer exists. */
  get: (id: string) => Promise<Assessment | null>;
  create: (body: CreateAssessmentBody) => Promise<Assessment>;
}

type SyncOutcome =
  | { kind: 'saved'; entry: OutboxEntry; assessment: Assessment }
  /** The server's copy changed (or was completed or deleted) meanwhile: the user chooses. */
  | { kind: 'conflict'; entry: OutboxEntry; server: Assessment | null }
  /** Not reached, or refused for another reason: the entry stays queued. */
  | { kind: 'failed'; entry: OutboxEntry; error: unknown };

function isStale(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/** JSON with sorted keys: two inputs with the same answers compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

function haveSameAnswers(a: Assessment['input'], b: Assessment['input']): boolean {
  return canonical(a) === canonical(b);
}

async function saveOnto(entry: OutboxEntry, id: string, expectedUpdatedAt: string, api: SyncApi): Promise<Assessment> {
  const answers = entry.businessAnswers ? { businessAnswers: entry.businessAnswers } : {};
  const saved = await api.update(id, { input: entry.input, currentStep: entry.step, expectedUpdatedAt, ...answers });
  return entry.complete ? api.complete(id, entry.seed) : saved;
}

/**
 * The version the entry's answers go onto: the one it was based on, or for a draft started
 * offline, the draft the server makes under the device's id now (the same id again answers the
 * draft already made, so a sync cut short and retried never makes two; ADR 304).
 */
async function baseVersion(entry: OutboxEntry, api: SyncApi): Promise<string> {
  if (!entry.startedOffline) return entry.baseUpdatedAt;
  const created = await api.create({ id: entry.assessmentId, path: entry.startedOffline.path, input: entry.input });
  return created.updatedAt;
}

/**
 * Sends one queued entry: the answers with the version they were based on as precondition,
 * then the completion when 'Calculate' was pressed offline. When the server's copy changed
 * meanwhile it is fetched: the same answers are no conflict; different ones (or a completed or
 * deleted copy) come back as a conflict for the user to decide. Nothing is overwritten silently.
 */
export async function syncEntry(entry: OutboxEntry, api: SyncApi): Promise<SyncOutcome> {
  try {
    return { kind: 'saved', entry, assessment: await saveOnto(entry, entry.assessmentId, await baseVersion(entry, api), api) };
  } catch (error) {
    if (!isStale(error)) return { kind: 'failed', entry, error };
  }
  try {
    const server = await api.get(entry.assessmentId);
    if (server?.status === 'draft' && haveSameAnswers(server.input, entry.input)) {
      return { kind: 'saved', entry, assessment: await saveOnto(entry, server.id, server.updatedAt, api) };
    }
    if (server?.status === 'completed' && entry.complete && haveSameAnswers(server.input, entry.input)) {
      return { kind: 'saved', entry, assessment: server };
    }
    return { kind: 'conflict', entry, server };
  } catch (error) {
    return isStale(error) ? { kind: 'conflict', entry, server: null } : { kind: 'failed', entry, error };
  }
}

/**
 * The user kept their offline version. A draft on the server is overwritten on purpose (with
 * its current version as precondition, so a third change is still caught); a completed or
 * deleted one is left as it is and the offline answers become a new assessment.
 */
export async function keepOfflineVersion(entry: OutboxEntry, server: Assessment | null, api: SyncApi): Promise<Assessment> {
  if (server?.status === 'draft') return saveOnto(entry, server.id, server.updatedAt, api);
  const created = await api.create({ title: `${entry.title} (offline copy)`.slice(0, 200), input: entry.input });
  return saveOnto(entry, created.id, created.updatedAt, api);
}
