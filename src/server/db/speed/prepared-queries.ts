import type { Database } from '../client.ts';

/**
 * A query built and prepared once per database handle instead of on every call (ADR 239): Drizzle
 * spends more CPU assembling a select with joins than PostgreSQL spends answering it, so the hot
 * reads of the public API build theirs once and pass only the values. A transaction is its own
 * handle and gets its own (short-lived) copy. Anything else kept per handle is built through here
 * too (preparedPerShape's maps).
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

/**
 * As preparedPerDatabase, for a query whose text depends on a few facts of the call (which columns
 * an update sets): one prepared query per database handle and per shape, found by the shape's key.
 * The caller keeps the number of shapes small and fixed by its own code, never by input.
 */
export function preparedPerShape<Shape, Query>(keyOf: (shape: Shape) => string, build: (db: Database, shape: Shape) => Query): (db: Database, shape: Shape) => Query {
  const shapesOf = preparedPerDatabase(() => new Map<string, Query>());
  return (db, shape) => {
    const shapes = shapesOf(db);
    const key = keyOf(shape);
    let query = shapes.get(key);
    if (!query) {
      query = build(db, shape);
      shapes.set(key, query);
    }
    return query;
  };
}

/** What both drivers' prepared queries have (drizzle-orm's postgres-js and pglite sessions) and pg-core's abstract type leaves out. */
interface WithDriverRows {
  all(placeholderValues: Record<string, unknown>): Promise<unknown[]>;
}

/**
 * A prepared select's rows as the driver returns them, without Drizzle's row mapping (ADR 246). The
 * caller's columns must make the driver's row the `Row` it names: each selected under its field's
 * name, and nothing that needs Drizzle's decoding (a time is formatted in SQL, not mapped to a Date).
 */
export function driverRows<Row>(query: object, placeholderValues: Record<string, unknown>): Promise<Row[]> {
  return (query as WithDriverRows).all(placeholderValues) as Promise<Row[]>;
}
