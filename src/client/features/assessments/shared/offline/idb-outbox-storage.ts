import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry, OutboxStorage } from './outbox.ts';

/** The browser's offline store of CIFER (ADR 162). Deleted entries never linger: logout clears it. */
const OFFLINE_DB_NAME = 'cifer-offline';
const OUTBOX_STORE = 'assessment-outbox';

interface OfflineDb extends DBSchema {
  [OUTBOX_STORE]: { key: string; value: OutboxEntry };
}

export function createIdbOutboxStorage(): OutboxStorage {
  let database: Promise<IDBPDatabase<OfflineDb>> | null = null;
  const db = () => {
    database ??= openDB<OfflineDb>(OFFLINE_DB_NAME, 1, {
      upgrade(upgrade) {
        upgrade.createObjectStore(OUTBOX_STORE, { keyPath: 'assessmentId' });
      },
    });
    return database;
  };
  return {
    get: async (id) => (await db()).get(OUTBOX_STORE, id),
    put: async (entry) => void (await (await db()).put(OUTBOX_STORE, entry)),
    delete: async (id) => (await db()).delete(OUTBOX_STORE, id),
    list: async () => (await db()).getAll(OUTBOX_STORE),
    clear: async () => (await db()).clear(OUTBOX_STORE),
  };
}
