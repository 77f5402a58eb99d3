import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { preparedQueries } from './pglite-prepared.ts';

/**
 * The types Drizzle's PGlite driver reads as text, as it asks with every query
 * (node_modules/drizzle-orm/pglite/session.js): timestamps, dates and intervals, their arrays, and
 * numeric[]. Drizzle turns the text into its own values; PGlite's defaults would make Dates.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);
const keepText = (value: string) => value;

type Query = PGlite['query'];

/**
 * A query's options without Drizzle's parsers when they ask only for what the client already does.
 * Anything else (a parser of another type) is passed on as it came: slower, never different.
 */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type of Object.keys(options.parsers)) if (!TEXT_TYPES.has(Number(type))) return options;
  const { parsers: _kept, ...rest } = options;
  return rest;
}

function queryWithoutDrizzleParsers(query: Query): Query {
  return ((text: string, params?: unknown[], options?: QueryOptions) => query(text, params, withoutDrizzleParsers(options))) as Query;
}

/**
 * PGlite as Drizzle should see it (ADR 253). Drizzle hands PGlite its type parsers with every query,
 * and PGlite then copies its own map of some 300 types into a new object to add them, on every
 * call: 105-180 µs for the copy alone, 16% of a completed assessment's read in a profile
 * (docs/benchmarks.md). Here the client reads those types as text once and for all, and Drizzle's
 * parsers are left out of each call, inside transactions too: the same rows, without the copy.
 * Each parameterised query then runs as a named statement, prepared once (ADR 254,
 * `pglite-prepared.ts`), its reply read by `pglite-reply.ts` (ADR 255); listen through this client,
 * not the one it wraps, or a notification sent by such a query goes unheard.
 *
 * The client's own parsers change, so every caller of this PGlite reads those types as text
 * (`currentTime` in client.ts takes either). Remove the parsers' part when PGlite merges per-query
 * parsers without copying its map.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  // After start-up: PGlite sets the array types' parsers once it is ready, and would replace ours.
  const textKept = client.waitReady.then(() => {
    for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = keepText;
  });
  const prepared = preparedQueries(client);
  const stripped = queryWithoutDrizzleParsers(prepared.query);
  const inTransaction = (tx: Transaction): Transaction => Object.create(tx, { query: { value: queryWithoutDrizzleParsers(prepared.inTransaction(tx)) } }) as Transaction;
  // Made once: Drizzle reads `query` on every call.
  const query = async (...args: Parameters<Query>) => (await textKept, stripped(...args));
  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => (await textKept, client.transaction((tx) => callback(inTransaction(tx))));
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      // A notification in a reply read by the prepared path reaches only the listeners it keeps (ADR 255).
      if (property === 'listen') return prepared.listen;
      // PGlite's own methods use its private fields, so they run on the client, never on the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
