import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres, { type Sql } from 'postgres';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { ALWAYS_UP, createDatabaseHealth, type DatabaseHealth } from './database-health.ts';
import { trackedSockets } from './tracked-sockets.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and PostgreSQL both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; throws (and the process must not serve) when one fails. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The database server's clock (for /readyz's clock-skew report). */
  currentTime(): Promise<Date>;
  /** Whether the database can be reached now, without a query (ADR 278); the embedded one always. */
  health: DatabaseHealth;
  close(): Promise<void>;
  /** LISTEN/NOTIFY: between the instances sharing a PostgreSQL database, or within PGlite's one process. */
  notifications: NotificationChannel;
  /** The embedded database's own client and folder (null: in memory), for consistent backups (ADR 234). */
  embedded?: { client: PGlite; dataDir: string | null };
}

export interface NotificationChannel {
  /** Calls `onMessage` for each notification; `onListening` on every (re)connection of the listener. */
  listen(channel: string, onMessage: (payload: string) => void, onListening: () => void): Promise<{ unlisten(): Promise<void> }>;
  notify(channel: string, payload: string): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: every app instance takes the same advisory lock while migrating. */
const MIGRATION_LOCK_ID = 4_217_220_951;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A dump (`dumpDataDir`) to start from instead of running initdb: the tests' migrated template (ADR 240). */
      loadFrom?: Blob;
    };

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.kind === 'postgres' ? openPostgres(options.url, options.maxConnections) : openPglite(options.dataDir, options.loadFrom);
}

function openPglite(dataDir: string | null, loadFrom?: Blob): DatabaseHandle {
  const startFrom = loadFrom ? { loadDataDir: loadFrom } : {};
  let client: PGlite;
  let lock: DataDirLock | null = null;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // Throws DataDirLockedError while another process holds the folder (ADR 174).
    lock = acquireDataDirLock(dataDir);
    client = new PGlite(join(dataDir, 'pglite'), startFrom);
  } else {
    client = new PGlite(startFrom);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    embedded: { client, dataDir },
    health: ALWAYS_UP,
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    // In one process, LISTEN and NOTIFY are the database's own: a trigger's notification reaches
    // this process's listeners once its transaction commits, as on PostgreSQL.
    notifications: {
      listen: async (channel, onMessage, onListening) => {
        const unlisten = await client.listen(channel, onMessage);
        onListening();
        return { unlisten: () => unlisten() };
      },
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    ping: async () => {
      await client.query('select 1');
    },
    currentTime: async () => {
      const result = await client.query<{ now: Date | string }>('select now() as now');
      return new Date(result.rows[0]!.now);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * A request's connection and statement limits (ADR 278): a connection that is not ready in 2 s, or
 * a statement running for 15 s, fails (a 503 or a 500) instead of holding the request and its
 * connection; the ping's 1 s deadline (database-health.ts) cuts connections that went silent.
 */
const CONNECT_TIMEOUT_S = 2;
const STATEMENT_TIMEOUT_MS = 15_000;
/**
 * Seconds before a closed connection is opened again for queued queries. postgres.js's default grows
 * with every failure of the pool (up to 20 s), so after an outage queries waited that long for a
 * connection although the database was back; a refused connection costs nothing to retry.
 */
const RECONNECT_BACKOFF_S = 0.25;

/** postgres.js options whose connections go through `sockets` (its `socket` option is missing from its types). */
function withSockets(options: postgres.Options<Record<string, never>>, sockets: ReturnType<typeof trackedSockets>): postgres.Options<Record<string, never>> {
  return Object.assign(options, { socket: sockets.open });
}

/** The health flag of a PostgreSQL pool: pinged on a one-connection client of its own, opened on the first ping. */
function postgresHealth(url: string, pool: ReturnType<typeof trackedSockets>): { health: DatabaseHealth; close(): Promise<void> } {
  const pingSockets = trackedSockets();
  let pinger: Sql | null = null;
  const health = createDatabaseHealth({
    ping: async () => {
      // The pool's short reconnect back-off too: postgres.js's default grows with each failed ping
      // (up to 20 s), which kept /readyz at 503 for that long after a silent outage had ended.
      pinger ??= postgres(url, withSockets({ max: 1, onnotice: () => {}, connect_timeout: 1, backoff: () => RECONNECT_BACKOFF_S }, pingSockets));
      await pinger`select 1`;
    },
    onPingTimeout: () => pingSockets.cutAll('The database did not answer the health ping in time'),
    onDown: () => pool.cutAll('The database cannot be reached'),
  });
  return {
    health,
    close: async () => {
      health.stop();
      await pinger?.end({ timeout: 1 });
    },
  };
}

function openPostgres(url: string, maxConnections = 10): DatabaseHandle {
  const sockets = trackedSockets();
  const client = postgres(url, withSockets({ max: maxConnections, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_S, backoff: () => RECONNECT_BACKOFF_S, connection: { statement_timeout: STATEMENT_TIMEOUT_MS } }, sockets));
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  const { health, close: closeHealth } = postgresHealth(url, sockets);
  return {
    db,
    kind: 'postgres',
    health,
    migrate: async () => {
      // Several instances may start at once behind a load balancer: one migrates, the others
      // wait. A one-connection client keeps the session-level advisory lock on that connection.
      const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(drizzlePostgres(single, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
        await single.end({ timeout: 5 });
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    currentTime: async () => {
      const [row] = await client<{ now: Date }[]>`select now() as now`;
      return new Date(row!.now);
    },
    close: async () => {
      await closeHealth();
      await client.end({ timeout: 5 });
    },
    notifications: {
      listen: async (channel, onMessage, onListening) => {
        const listening = await client.listen(channel, onMessage, onListening);
        return { unlisten: () => listening.unlisten() };
      },
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
    },
  };
}
