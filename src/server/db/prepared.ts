import type { Database } from './client.ts';

/**
 * A query built and prepared once per database handle instead of on every call (ADR 239): Drizzle
 * spends more CPU assembling a select with joins than PostgreSQL spends answering it, so the hot
 * reads of the public API build theirs once and pass only the values. A transaction is its own
 * handle and gets its own (short-lived) copy.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
