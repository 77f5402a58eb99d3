import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { expect, test } from 'vitest';
import { parsePrometheusText, type PrometheusFamily } from './parse-prometheus-text.ts';
import { RequestDurationHistogram } from './request-duration-histogram.ts';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const NAME = 'cifer_http_request_duration_seconds';

/** Samples in a canonical order, so two expositions compare as data rather than as text. */
function canonical(family: PrometheusFamily | undefined) {
  const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  return family?.samples.map((sample) => ({ ...sample, labels: key(sample.labels) })).sort((a, b) => `${a.name}${a.labels}`.localeCompare(`${b.name}${b.labels}`));
}

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  route: fc.constantFrom('/healthz', '/api/assessments/:id', '(unmatched)', '/api/odd "quoted"\\path'),
  status: fc.constantFrom(200, 201, 401, 404, 500),
  // Bucket edges included: `le` is an inclusive upper bound.
  seconds: fc.oneof(fc.constantFrom(0, ...BUCKETS, 10.5), fc.double({ min: 0, max: 20, noNaN: true })),
});

test("the exposition is prom-client's own histogram's for the same observations: buckets, +Inf, sum and count per label set", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
      const ours = new Registry();
      const theirs = new Registry();
      const histogram = new RequestDurationHistogram({ name: NAME, help: 'latency', buckets: BUCKETS, registers: [ours] });
      const reference = new Histogram({ name: NAME, help: 'latency', labelNames: ['method', 'route', 'status_code'], buckets: BUCKETS, registers: [theirs] });
      for (const { method, route, status, seconds } of observations) {
        histogram.observe(method, route, status, seconds);
        reference.observe({ method, route, status_code: String(status) }, seconds);
      }
      const ourFamily = parsePrometheusText(await ours.metrics()).get(NAME);
      const theirFamily = parsePrometheusText(await theirs.metrics()).get(NAME);
      expect(ourFamily?.type).toBe('histogram');
      expect(canonical(ourFamily)).toEqual(canonical(theirFamily));
    }),
    { numRuns: 60 },
  );
});

test('reset empties every series', async () => {
  const registry = new Registry();
  const histogram = new RequestDurationHistogram({ name: NAME, help: 'latency', buckets: BUCKETS, registers: [registry] });
  histogram.observe('GET', '/healthz', 200, 0.001);
  expect((await histogram.get()).values).toHaveLength(BUCKETS.length + 3);
  registry.resetMetrics();
  expect((await histogram.get()).values).toEqual([]);
});
