import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type TxtResolver } from '../app.ts';
import { LOG_SERIALIZERS } from '../lib/log-serializers.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { parseEnv, type Env } from '../env.ts';
import { createDatabaseStatement, databaseUrl as databaseUrlOf, onServer, pgliteTemplateDump } from './database-template.ts';

export interface TestClock {
  now: () => Date;
  /** Moves the clock forward by ms. */
  advance(ms: number): void;
  set(date: Date): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  env: Env;
  clock: TestClock;
  /** The PostgreSQL URL of this test's own database (null on PGlite), for tests that start a second instance on it. */
  databaseUrl: string | null;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or a new PostgreSQL database on the
 * server named by DATABASE_URL (dropped on close), so test files never share state. In the
 * api project both start as copies of the run's migrated template (database-template.ts, ADR 240).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    sameDatabaseAs?: TestApp;
    resolveTxt?: TxtResolver;
    /** Another app's clock, for two instances of one deployment: counters in time windows (rate limits) must see one time. */
    clock?: TestClock;
  } = {},
): Promise<TestApp> {
  const baseUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  let database: DatabaseHandle;
  if (options.sameDatabaseAs) {
    // A second app instance on the first one's PostgreSQL database (multi-instance tests); the first drops it.
    if (!options.sameDatabaseAs.databaseUrl) throw new Error('sameDatabaseAs needs a PostgreSQL test app (DATABASE_URL)');
    databaseUrl = options.sameDatabaseAs.databaseUrl;
    database = openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 25 });
  } else if (baseUrl) {
    const name = `cifer_test_${randomBytes(6).toString('hex')}`;
    await onServer(baseUrl, (admin) => admin.unsafe(createDatabaseStatement(name)));
    databaseUrl = databaseUrlOf(baseUrl, name);
    database = openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 25 });
    dropDatabase = () => onServer(baseUrl, (admin) => admin.unsafe(`drop database if exists ${name} with (force)`));
  } else {
    const template = pgliteTemplateDump();
    database = openDatabase({ kind: 'pglite', dataDir: null, ...(template ? { loadFrom: template } : {}) });
  }
  // Nothing to apply on a copy of the template, but the app still starts the way it does in production.
  await database.migrate();

  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: './.tmp/test-data',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CLIENT_DIST_DIR: './.tmp/no-client',
    LOG_LEVEL: 'info',
    ...overrides,
  });
  const clock = options.clock ?? createTestClock();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const loggerInstance = pino({ level: env.LOG_LEVEL, serializers: LOG_SERIALIZERS }, stream);
  const app = await buildApp({ env, database, loggerInstance, now: clock.now, ...(options.resolveTxt ? { resolveTxt: options.resolveTxt } : {}) });
  await app.ready();
  return {
    app,
    database,
    env,
    clock,
    databaseUrl,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      if (dropDatabase) await dropDatabase();
    },
  };
}
