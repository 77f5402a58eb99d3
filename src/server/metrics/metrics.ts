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

export function createMetrics(): AppMetrics & { setBacklogCollector(collector: BacklogCollector): void } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cifer_' });
  let collector: BacklogCollector | null = null;
  let lastBacklog: Promise<Awaited<ReturnType<BacklogCollector>>> | null = null;

  // Both gauges read one query pair per scrape: the first collect() starts it, the second reuses it.
  function readBacklog() {
    lastBacklog ??= (collector ? collector() : Promise.resolve({ outbox: {}, jobs: {} })).finally(() => {
      setTimeout(() => {
        lastBacklog = null;
      }, 0).unref();
    });
    return lastBacklog;
  }

  const outboxBacklog = new Gauge({
    name: 'cifer_outbox_messages',
    help: 'E-mail outbox messages by status, read from the database at scrape time',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { outbox } = await readBacklog();
      for (const [status, count] of Object.entries(outbox)) this.set({ status }, count);
    },
  });
  const jobQueue = new Gauge({
    name: 'cifer_jobs',
    help: 'Jobs in the database-backed queue by status, read at scrape time',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const { jobs } = await readBacklog();
      for (const [status, count] of Object.entries(jobs)) this.set({ status }, count);
    },
  });

  const httpDuration = new Histogram({
    name: 'cifer_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    recordRequest(method, route, status, seconds) {
      httpDuration.observe({ method, route, status_code: String(status) }, seconds);
    },
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
    outboxBacklog,
    jobQueue,
    setBacklogCollector(next) {
      collector = next;
    },
  };
}
