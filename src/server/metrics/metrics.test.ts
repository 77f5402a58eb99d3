import { expect, test } from 'vitest';
import { parsePrometheusText } from './parse-prometheus-text.ts';
import { createMetrics } from './metrics.ts';

test('the health gauges report the database flag and Redis, and a scrape during a database outage answers without the backlog (ADR 278)', async () => {
  const metrics = createMetrics();
  let databaseUp = true;
  let redis: 'ok' | 'degraded' = 'ok';
  let backlogQueries = 0;
  metrics.setHealthReaders({ databaseUp: () => databaseUp, redis: () => redis });
  metrics.setBacklogCollector(async () => {
    backlogQueries += 1;
    if (!databaseUp) return new Promise(() => {});
    return { outbox: { held: 2 }, jobs: { pending: 3 } };
  });
  const scrape = async () => {
    // One backlog read serves the scrape that started it; the next scrape, a tick later, reads anew.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const families = parsePrometheusText(await metrics.registry.metrics());
    const value = (name: string) => families.get(name)?.samples.map((sample) => sample.value) ?? [];
    return { database: value('cifer_database_up'), redis: value('cifer_redis_up'), outbox: value('cifer_outbox_messages'), jobs: value('cifer_jobs') };
  };
  expect(await scrape()).toEqual({ database: [1], redis: [1], outbox: [2], jobs: [3] });
  databaseUp = false;
  redis = 'degraded';
  // No query while the flag is down, and no stale backlog figure.
  const queriesBefore = backlogQueries;
  expect(await scrape()).toEqual({ database: [0], redis: [0], outbox: [], jobs: [] });
  expect(backlogQueries).toBe(queriesBefore);
  const withoutRedis = createMetrics();
  withoutRedis.setHealthReaders({ databaseUp: () => true, redis: null });
  expect(await withoutRedis.registry.metrics()).not.toContain('cifer_redis_up');
});
