import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { InvalidEnvError, parseEnv, type Env } from './env.ts';

/** Runs the process: the only module that reads process.env. */
async function main() {
  const env = readEnvOrExit();
  const database = await openReadyDatabase(env);

  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ env, database });
  app.log.info({ database: database.kind }, 'database ready');
  // Not refused: `npm install && npm start` must work on a fresh machine (ADR 190). Without SMTP,
  // reset, claim and invitation links reach nobody until an operator runs `npm run mail:show`.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) app.log.warn('SMTP_URL is not set: e-mail is held in the outbox and not delivered; set SMTP_URL, or read held mail on the server with `npm run mail:show -- --to <address>`');

  installLastResortHandlers(app.log, database);
  installShutdown(app, database, env);

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await database.close().catch(() => {});
    process.exit(1);
  }
}

/** The configuration, or its message and exit 1. */
function readEnvOrExit(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof InvalidEnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The database opened, migrated and readable with this key, or a message and exit 1. */
async function openReadyDatabase(env: Env): Promise<DatabaseHandle> {
  // The database layer and the app are imported only now: a bad configuration is reported before
  // they load (seconds on a small machine), and a taken data folder before the app's modules do.
  const { openDatabase } = await import('./db/client.ts');
  let database: DatabaseHandle;
  try {
    database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    await database.migrate();
  } catch (error) {
    console.error(`Database migration failed; not starting. ${error instanceof Error ? error.message : String(error)}`);
    await database.close().catch(() => {});
    process.exit(1);
  }

  // A database whose secrets this key cannot open (a restore without its key) would answer every
  // two-factor sign-in with a 500 behind a ready instance: refuse to start, saying which key to give.
  const { storedSecretKeyProblem } = await import('./lib/stored-secret-key.ts');
  const keyProblem = await storedSecretKeyProblem(database.db, env.ENCRYPTION_KEY).catch((error: unknown) => `Could not read the stored secrets: ${error instanceof Error ? error.message : String(error)}`);
  if (keyProblem) {
    console.error(`${keyProblem} Not starting.`);
    await database.close().catch(() => {});
    process.exit(1);
  }
  return database;
}

/** SIGTERM and SIGINT drain, close the app, then the database. */
function installShutdown(app: FastifyInstance, database: DatabaseHandle, env: Env) {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal, drainMs: env.SHUTDOWN_DRAIN_MS }, 'shutting down');
    // ADR 236: readiness answers 503 at once so a balancer stops sending; requests are still served
    // for SHUTDOWN_DRAIN_MS; then stop accepting, let in-flight requests finish (requests arriving
    // on an open connection get Fastify's 503, return503OnClosing), then release the database.
    // In-flight work gets 4.5 s after the drain: a supervisor's kill usually follows SIGTERM in 10 s.
    app.drain.begin();
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_DRAIN_MS + 4_500);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * A bug that escapes every handler leaves the process in an unknown state: log it once (through the
 * log-safe error serializer) and exit non-zero for the supervisor to restart us (ADR 175). The
 * embedded database is closed first when that is quick; otherwise the stale-lock rule lets the
 * next start take the folder over.
 */
function installLastResortHandlers(log: FastifyBaseLogger, database: DatabaseHandle) {
  let handled = false;
  const die = (kind: string) => (error: unknown) => {
    if (handled) return;
    handled = true;
    log.fatal({ err: error, kind }, 'unexpected failure: exiting for a restart');
    const force = setTimeout(() => process.exit(1), 1_000);
    force.unref();
    void database.close().finally(() => process.exit(1));
  };
  process.on('unhandledRejection', die('unhandledRejection'));
  process.on('uncaughtException', die('uncaughtException'));
}

main().catch((error: unknown) => {
  console.error('CIFER failed to start:', error);
  process.exit(1);
});
