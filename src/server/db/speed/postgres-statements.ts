import type { Sql } from 'postgres';

/**
 * The postgres.js client as Drizzle should see it: every parameterised query a prepared statement
 * (ADR 239). postgres.js prepares its own tagged-template queries by default, but Drizzle calls
 * `unsafe(query, params, { prepare: false })` for every query not built with `.prepare(name)`
 * (https://github.com/drizzle-team/drizzle-orm/issues/6096; the fix,
 * https://github.com/drizzle-team/drizzle-orm/pull/6098, is open), so each one was parsed, planned and
 * described again: five times the driver's CPU per query and a third of the request's CPU on the
 * public API's list (docs/benchmarks.md). Queries without parameters keep postgres.js's simple
 * protocol, so multi-statement text still runs. Transactions get their own client from
 * postgres.js and stay unprepared.
 */
export function preparingStatements(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'unsafe') return Reflect.get(target, property, receiver) as unknown;
      return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) => target.unsafe(query, parameters as never, { ...options, prepare: true });
    },
  });
}
