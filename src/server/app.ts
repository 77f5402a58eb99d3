import { resolveTxt } from 'node:dns/promises';
import pino from 'pino';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DatabaseHandle, Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { countJobs } from './jobs/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { countOutbox } from './mail/outbox.ts';
import { createMetrics, type AppMetrics } from './metrics/metrics.ts';
import { metricsEndpoint } from './plugins/metrics.ts';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background-tasks.ts';
import { createInProcessRunner, createWorkerRunner, type EngineRunner } from './lib/engine-worker/engine-runner.ts';
import { createInProcessReportRunner, createReportRunner, type ReportRunner } from './lib/report-worker/report-runner.ts';
import { createDomainEvents, type DomainEvents } from './lib/domain-events.ts';
import { accessControl } from './plugins/access.ts';
import { apiTokenAudit } from './plugins/api-token-audit.ts';
import { csrfProtection } from './plugins/csrf.ts';
import { rateLimit } from './plugins/rate-limit.ts';
import { globalIpLimit } from './plugins/global-ip-limit.ts';
import { sessions } from './sessions/session-plugin.ts';
import { databaseOutage } from './plugins/database-outage.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticClient } from './plugins/static-client.ts';
import { paymentRuleFor, registerFeatures } from './routes.ts';
import { LOG_SERIALIZERS } from './lib/log-serializers.ts';
import { createBatchedLogDestination, type BatchedLogDestination } from './lib/batched-log-destination.ts';
import { accessLog } from './lib/access-log.ts';
import { jsonBody } from './plugins/json-body.ts';
import { createRequestIds } from './lib/request-id.ts';
import { validateRouteInput } from './lib/validation.ts';
import { routeSchemas } from './plugins/route-schemas.ts';
import { openApi } from './plugins/openapi.ts';
import { serializerCompiler } from 'fastify-type-provider-zod';

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
  /** pino options or `false`; tests pass a stream to capture what is logged. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The clock every time-based rule reads (sessions, TOTP, tokens); tests move it. */
  now?: () => Date;
  mailer?: Mailer;
  /** Reads a DNS TXT record (SSO domain verification, ADR 225); tests pass a fake. Default: node:dns/promises resolveTxt. */
  resolveTxt?: TxtResolver;
}

/** The TXT records at a name, each as the strings it is split into (node:dns's shape). */
export type TxtResolver = (hostname: string) => Promise<string[][]>;

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    db: Database;
    now: () => Date;
    mailer: Mailer;
    /** The database-backed job queue and scheduler (ADR 150); features register handlers on it. */
    jobs: JobRunner;
    metrics: AppMetrics;
    /** Real time the app was built, for the ops panel's uptime. */
    startedAt: Date;
    backgroundTasks: BackgroundTasks;
    /** Notifications between features, run as background tasks (ADR 127). */
    events: DomainEvents;
    /** The engine's long runs, on a pool of worker threads (ADR 263, ADR 269); in process when ENGINE_THREADS=0 (the API tests). */
    engine: EngineRunner;
    /** Report files (PDF, deck, workbook), built on a pool of worker threads (ADR 323); in process when REPORT_THREADS=0 (the API tests). */
    reports: ReportRunner;
    resolveTxt: TxtResolver;
  }
}

export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * Log lines go to stdout in batches (ADR 205, ADR 262): gathered in memory and written once 4 KB
 * are waiting, at least every 250 ms, and when the process exits (`process.exit` included), so a
 * busy server makes one write per few dozen requests and a quiet one shows each line within a
 * quarter of a second. Tests keep one synchronous write per line.
 */
const LOG_BATCH_CHARS = 4_096;
const LOG_FLUSH_INTERVAL_MS = 250;

/** The app's pino options: the serializers decide what must not be logged (lib/log-serializers.ts, ADR 205). */
export function buildLoggerOptions(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): pino.LoggerOptions & { stream?: BatchedLogDestination } {
  return {
    level: env.LOG_LEVEL,
    serializers: LOG_SERIALIZERS,
    ...(env.NODE_ENV === 'test' ? {} : { stream: createBatchedLogDestination(pino.destination({ dest: 1, sync: true }), { minChars: LOG_BATCH_CHARS, flushIntervalMs: LOG_FLUSH_INTERVAL_MS }) }),
  };
}

/** The logger a test hands in, else the app's own (whose batched stream the app closes when it closes). */
function chooseLogger(deps: AppDependencies): { options: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'>; ownStream?: BatchedLogDestination | undefined } {
  if (deps.loggerInstance) return { options: { loggerInstance: deps.loggerInstance } };
  if (deps.logger !== undefined) return { options: { logger: deps.logger } };
  const own = buildLoggerOptions(deps.env);
  return { options: { logger: own }, ownStream: own.stream };
}

/** Fastify's types leave out the hop count its runtime takes: the same rule as a function (ADR 277). */
function trustProxyOption(setting: false | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { options: loggerOptions, ownStream } = chooseLogger(deps);
  const app = Fastify({
    ...loggerOptions,
    genReqId: createRequestIds(),
    // Fastify's own request lines (two per request, with the raw URL) stay off; lib/access-log.ts writes one (ADR 205).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Lines logged after the app closes (the shutdown's last ones) are written at once.
  if (ownStream) app.addHook('onClose', async () => ownStream.close());
  const metrics = decorateCore(app, deps);
  decorateWorkers(app, deps, metrics);
  await registerPlugins(app, deps, metrics);
  return app;
}

type Metrics = ReturnType<typeof createMetrics>;

/** What every route reads: configuration, database, clock, DNS, metrics. */
function decorateCore(app: FastifyInstance, deps: AppDependencies): Metrics {
  app.decorate('env', deps.env);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('resolveTxt', deps.resolveTxt ?? resolveTxt);
  const metrics = createMetrics();
  metrics.setBacklogCollector(async () => ({ outbox: (await countOutbox(deps.database.db, app.now())).byStatus, jobs: { ...(await countJobs(deps.database.db)) } }));
  metrics.setHealthReaders({ databaseUp: () => deps.database.health.up, redis: deps.env.REDIS_URL ? () => app.redisStatus() : null });
  app.decorate('metrics', metrics);
  app.decorate('startedAt', new Date());
  return metrics;
}

/** The mailer, the job queue, background tasks, domain events the engine runner and the report runner, with their shutdown order. */
function decorateWorkers(app: FastifyInstance, deps: AppDependencies, metrics: Metrics) {
  const now = app.now;
  const mailer =
    deps.mailer ??
    createMailer({
      db: deps.database.db,
      smtpUrl: deps.env.SMTP_URL,
      from: deps.env.MAIL_FROM,
      encryptionKey: deps.env.ENCRYPTION_KEY,
      log: app.log,
      now,
      pollMs: deps.env.NODE_ENV === 'test' ? 0 : 30_000,
      onOutcome: (outcome) => metrics.outbox.inc({ outcome }),
    });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  // Tests drive the queue with `await app.jobs.runDue()` and a fake clock; a server polls every 30 s.
  const jobs = createJobRunner({
    db: deps.database.db,
    log: app.log,
    now,
    pollMs: deps.env.NODE_ENV === 'test' ? 0 : 30_000,
    onOutcome: (name, outcome) => metrics.jobs.inc({ name, outcome }),
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const backgroundTasks = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', backgroundTasks);
  app.decorate('events', createDomainEvents(backgroundTasks));
  // Every engine run of a request (a completion, a what-if, the action plan, the what-changed
  // waterfall) leaves the event loop, so the other requests of this process go on meanwhile
  // (ADR 128, ADR 263), on a pool of threads sized to the machine, so one user's run does not wait
  // behind another's (ADR 269). The API tests keep it in process (ENGINE_THREADS=0), one job per
  // turn, except the test that starts the pool (features/assessments/engine-pool.test.ts).
  const engine = deps.env.ENGINE_THREADS === 0 ? createInProcessRunner() : createWorkerRunner(app.log, { threads: deps.env.ENGINE_THREADS });
  app.decorate('engine', engine);
  app.addHook('onClose', async () => engine.close());
  // A report file is hundreds of milliseconds of CPU: built on its own pool, so downloads neither
  // hold up the event loop nor queue behind model runs (ADR 323).
  const reports = deps.env.REPORT_THREADS === 0 ? createInProcessReportRunner() : createReportRunner(app.log, { threads: deps.env.REPORT_THREADS });
  app.decorate('reports', reports);
  app.addHook('onClose', async () => reports.close());
  // Registered after the mailer's hook, so it runs first: queued mail is written before the mailer stops.
  app.addHook('onClose', async () => backgroundTasks.idle());
}

/** Parsers, validation, the cross-cutting plugins in their order, then the features and the client. */
async function registerPlugins(app: FastifyInstance, deps: AppDependencies, metrics: Metrics) {
  // JSON is the only body the API takes: without a text/plain parser, forms and text get a 415,
  // which also stops the cross-site "simple request" CSRF shapes.
  app.removeContentTypeParser('text/plain');
  // Routes declare params, query, body and answers with the contracts' zod schemas (ADR 210):
  // input gets parseInput's 400, an answer is checked and stripped to its schema before it leaves.
  app.setValidatorCompiler(validateRouteInput);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(routeSchemas);
  await app.register(jsonBody);

  await app.register(accessLog);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(metricsEndpoint, { metrics, token: deps.env.METRICS_TOKEN });
  // Before every hook that reads the database: during an outage a request gets the 503 at once (ADR 278).
  await app.register(databaseOutage);
  await app.register(globalIpLimit);
  await app.register(csrfProtection);
  app.decorate('paymentRule', paymentRuleFor(deps.env));
  await app.register(sessions);
  await app.register(rateLimit);
  await app.register(accessControl);
  await app.register(apiTokenAudit);
  // Before the features: the OpenAPI document collects their /api/v1 routes as they are added.
  await app.register(openApi);
  await registerFeatures(app);
  await app.register(staticClient, { distDir: deps.env.CLIENT_DIST_DIR });
}
