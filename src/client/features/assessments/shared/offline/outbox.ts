import type { AssessmentPath, AssessmentStep, DraftRiskInput } from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';

/** One assessment's changes made with no connection, waiting for the server (ADR 162). */
export interface OutboxEntry {
  assessmentId: string;
  /** Only this user's session may send it. */
  userId: string;
  title: string;
  input: DraftRiskInput;
  step: AssessmentStep;
  /** The business leader's plain answers (that path's factors are computed from them). */
  businessAnswers?: BusinessAnswers;
  /**
   * Started with no connection (ADR 304): the server has never seen it, so the sync creates it
   * first, under this id, and `baseUpdatedAt` is only the device's clock.
   */
  startedOffline?: { path: AssessmentPath; createdAt: string };
  /** 'Calculate' was pressed offline: complete the assessment once the answers are saved. */
  complete: boolean;
  seed?: number;
  /** The server's `updatedAt` before the first offline change: the sync's precondition. */
  baseUpdatedAt: string;
  /** When the latest change was queued (ms): tells a change made during a sync from the one sent. */
  queuedAt: number;
}

/** Where entries live: IndexedDB in the browser, a Map in unit tests. */
export interface OutboxStorage {
  get: (assessmentId: string) => Promise<OutboxEntry | undefined>;
  put: (entry: OutboxEntry) => Promise<void>;
  delete: (assessmentId: string) => Promise<void>;
  list: () => Promise<OutboxEntry[]>;
  clear: () => Promise<void>;
}

export type QueueChange = Omit<OutboxEntry, 'complete' | 'queuedAt' | 'seed' | 'startedOffline'> & { complete?: boolean; seed?: number; startedOffline?: OutboxEntry['startedOffline'] };

export interface Outbox {
  /** Queues the latest answers; the first queued change's base version and a pressed 'Calculate' are kept. */
  queue: (change: QueueChange) => Promise<OutboxEntry>;
  has: (assessmentId: string) => Promise<boolean>;
  get: (assessmentId: string) => Promise<OutboxEntry | undefined>;
  /** This user's entries, oldest first. */
  pendingFor: (userId: string) => Promise<OutboxEntry[]>;
  /**
   * After `sent` reached the server as `savedUpdatedAt`: removed, unless a newer change was
   * queued meanwhile; that one stays, now based on the version just saved.
   */
  settle: (sent: OutboxEntry, savedUpdatedAt: string) => Promise<void>;
  remove: (assessmentId: string) => Promise<void>;
  clear: () => Promise<void>;
  subscribe: (listener: () => void) => () => void;
}

export function createOutbox(storage: OutboxStorage, now: () => number = Date.now): Outbox {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    async queue(change) {
      const existing = await storage.get(change.assessmentId);
      const previous = existing?.userId === change.userId ? existing : undefined;
      const entry: OutboxEntry = {
        ...change,
        baseUpdatedAt: previous?.baseUpdatedAt ?? change.baseUpdatedAt,
        complete: Boolean(change.complete) || Boolean(previous?.complete),
        queuedAt: Math.max(now(), (previous?.queuedAt ?? 0) + 1),
      };
      const seed = change.seed ?? previous?.seed;
      if (seed === undefined) delete entry.seed;
      else entry.seed = seed;
      // Later changes of a draft started offline keep it marked so until the server has it.
      const startedOffline = change.startedOffline ?? previous?.startedOffline;
      if (startedOffline) entry.startedOffline = startedOffline;
      const businessAnswers = change.businessAnswers ?? previous?.businessAnswers;
      if (businessAnswers) entry.businessAnswers = businessAnswers;
      else delete entry.businessAnswers;
      await storage.put(entry);
      notify();
      return entry;
    },
    has: async (assessmentId) => (await storage.get(assessmentId)) !== undefined,
    get: (assessmentId) => storage.get(assessmentId),
    pendingFor: async (userId) => (await storage.list()).filter((entry) => entry.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt),
    async settle(sent, savedUpdatedAt) {
      const current = await storage.get(sent.assessmentId);
      if (current && current.queuedAt !== sent.queuedAt) {
        // The server has it now: a later change is an ordinary one on the version just saved.
        const { startedOffline: _created, ...rest } = current;
        await storage.put({ ...rest, baseUpdatedAt: savedUpdatedAt });
      }
      else await storage.delete(sent.assessmentId);
      notify();
    },
    async remove(assessmentId) {
      await storage.delete(assessmentId);
      notify();
    },
    async clear() {
      await storage.clear();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A Map behind the OutboxStorage interface: for tests, and where IndexedDB is unavailable. */
export function createMemoryOutboxStorage(): OutboxStorage {
  const entries = new Map<string, OutboxEntry>();
  return {
    get: async (id) => structuredClone(entries.get(id)),
    put: async (entry) => void entries.set(entry.assessmentId, structuredClone(entry)),
    delete: async (id) => void entries.delete(id),
    list: async () => [...entries.values()].map((entry) => structuredClone(entry)),
    clear: async () => entries.clear(),
  };
}
