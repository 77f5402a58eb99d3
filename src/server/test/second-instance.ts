import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { LOG_SERIALIZERS } from '../lib/log-serializers.ts';
import { openDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import type { TestApp } from './test-app.ts';

/**
 * Another app instance on the same PostgreSQL database as `t` (its own connection pool, as a
 * second process behind a load balancer would have), same secrets and clock. PostgreSQL only:
 * PGlite cannot be shared between instances.
 */
export async function startSecondInstance(t: TestApp, overrides: Record<string, string> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (!t.databaseUrl) throw new Error('a second instance needs DATABASE_URL (PostgreSQL)');
  const database = openDatabase({ kind: 'postgres', url: t.databaseUrl, maxConnections: 10 });
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: './.tmp/test-data',
    SESSION_SECRET: t.env.SESSION_SECRET,
    ENCRYPTION_KEY: t.env.ENCRYPTION_KEY,
    CLIENT_DIST_DIR: './.tmp/no-client',
    LOG_LEVEL: 'info',
    ...(t.env.SMTP_URL ? { SMTP_URL: t.env.SMTP_URL } : {}),
    ...overrides,
  });
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await buildApp({ env, database, loggerInstance: pino({ level: 'info', serializers: LOG_SERIALIZERS }, sink), now: t.clock.now });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
