import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus metrics (ADR 152). One registry per app instance (not prom-client's
 * global one), so several apps in one process (tests) never share or double-register metrics.
 */
export interface AppMetrics {
  registry: Registry;
  /** Latency by method, route template and status; its `_count` series is the request count. */
  httpDuration: Histogram<RequestLabel>;
  /** One finished request: its latency observed, by method, route template and status. */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
  jobs: Counter<'name' | 'outcome'>;
  outbox: Counter<'outcome'>;
  /** Scrape-time gauges filled by `setBacklogCollector`. */
  outboxBacklog: Gauge<'status'>;
  jobQueue: Gauge<'status'>;
}

type RequestLabel = 'method' | 'route' | 'status_code';

export type BacklogCollector = () => Promise<{ outbox: Record<string, number>; jobs: Record<string, number> }>;

/** What the health gauges read at scrape time, without a query (ADR 278). */
export interface HealthReaders {
  databaseUp(): boolean;
  /** null without REDIS_URL: then cifer_redis_up is left out. */
  redis: (() => 'ok' | 'degraded' | 'not_configured') | null;
}

/** A scrape waits this long for the backlog's queries: past it the backlog gauges are left out, the rest answers. */
const BACKLOG_DEADLINE_MS = 1_000;

export function createMetrics(): AppMetrics & { setBacklogCollector(collector: BacklogCollector): void; setHealthReaders(readers: HealthReaders): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cifer_' });
  let collector: BacklogCollector | null = null;
  let health: HealthReaders | null = null;
  let lastBacklog: Promise<Backlog | null> | null = null;

  // Both gauges read one query pair per scrape: the first collect() starts it, the second reuses it.
  // During a database outage the backlog is unknown: its gauges are left out of the scrape (no
  // series rather than a wrong zero) and /metrics still answers, with the health gauges below.
  function readBacklog() {
    lastBacklog ??= backlogWithin(collector, health?.databaseUp() !== false).finally(() => {
      setTimeout(() => {
        lastBacklog = null;
      }, 0).unref();
    });
    return lastBacklog;
  }

  // One gauge per backlog, both filled from the same read; an unknown backlog leaves its series out.
  const backlogGauge = (name: string, help: string, pick: (backlog: Backlog) => Record<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        const backlog = await readBacklog();
        if (!backlog) return this.reset();
        for (const [status, count] of Object.entries(pick(backlog))) this.set({ status }, count);
      },
    });
  const outboxBacklog = backlogGauge('cifer_outbox_messages', 'E-mail outbox messages by status, read from the database at scrape time', (backlog) => backlog.outbox);
  const jobQueue = backlogGauge('cifer_jobs', 'Jobs in the database-backed queue by status, read at scrape time', (backlog) => backlog.jobs);

  new Gauge({
    name: 'cifer_database_up',
    help: '1 while this instance reaches the database, 0 during an outage (its fast health flag, ADR 278)',
    registers: [registry],
    collect() {
      this.set(health?.databaseUp() === false ? 0 : 1);
    },
  });

  const httpDuration = requestDuration(registry);

  return {
    registry,
    httpDuration,
    recordRequest(method, route, status, seconds) {
      httpDuration.observe({ method, route, status_code: String(status) }, seconds);
    },
    ...workCounters(registry),
    outboxBacklog,
    jobQueue,
    setBacklogCollector(next) {
      collector = next;
    },
    setHealthReaders(readers) {
      health = readers;
      // Only with REDIS_URL: without it there is no Redis to be up or down.
      const redis = readers.redis;
      if (redis) {
        new Gauge({
          name: 'cifer_redis_up',
          help: '1 while this instance reaches Redis, 0 while it is away (the app works without it, ADR 200)',
          registers: [registry],
          collect() {
            this.set(redis() === 'ok' ? 1 : 0);
          },
        });
      }
    },
  };
}

function requestDuration(registry: Registry) {
  return new Histogram({
    name: 'cifer_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
}

/** Jobs run and outbox deliveries tried by this instance, by outcome. */
function workCounters(registry: Registry) {
  return {
    jobs: new Counter({
      name: 'cifer_jobs_processed_total',
      help: 'Jobs run by this instance, by job name and outcome (done, retry, failed, lost)',
      labelNames: ['name', 'outcome'] as const,
      registers: [registry],
    }),
    outbox: new Counter({
      name: 'cifer_outbox_deliveries_total',
      help: 'Outbox delivery attempts by this instance, by outcome (sent, retry, failed, held)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
}

type Backlog = Awaited<ReturnType<BacklogCollector>>;

/** The collector's answer; null (unknown) when the database is away, or the queries fail or take longer than the deadline. */
function backlogWithin(collector: BacklogCollector | null, databaseUp: boolean): Promise<Backlog | null> {
  if (!collector) return Promise.resolve({ outbox: {}, jobs: {} });
  if (!databaseUp) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), BACKLOG_DEADLINE_MS);
    collector()
      .then(resolve, () => resolve(null))
      .finally(() => clearTimeout(timer));
  });
}
