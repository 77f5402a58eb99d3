import type { Metric, Registry } from 'prom-client';

export type RequestLabel = 'method' | 'route' | 'status_code';

/** One exposed sample, in the shape prom-client's own metrics give their registry. */
export interface HistogramSample {
  metricName: string;
  labels: Partial<Record<RequestLabel | 'le', string | number>>;
  value: number;
}

export interface HistogramSnapshot {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: HistogramSample[];
}

interface Series {
  labels: Record<RequestLabel, string>;
  /** counts[i]: observations in (bounds[i-1], bounds[i]]; the last slot is above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The request latency histogram (cifer_http_request_duration_seconds), kept per series in plain
 * arrays and registered in prom-client's registry as a metric of its own (ADR 186).
 *
 * prom-client's `Histogram.observe` validates the label names and builds a hash string of the label
 * set on every call, about 2.5 µs, which every request paid. Here a request costs one Map look-up by
 * a string the caller already has, a bucket search and three additions. What a scrape reads is what
 * prom-client's histogram exposes: cumulative `_bucket` samples with `le` (then `+Inf`), `_sum` and
 * `_count` per label set; the registry formats them as for any of its own metrics.
 */
export class RequestDurationHistogram {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly labelNames: readonly RequestLabel[] = ['method', 'route', 'status_code'];
  readonly #bounds: readonly number[];
  /** Route, then status, then method: the same string objects every time, so no key is built per request. */
  readonly #series = new Map<string, Map<number, Map<string, Series>>>();

  constructor(options: { name: string; help: string; buckets: readonly number[]; registers: Registry[] }) {
    this.name = options.name;
    this.help = options.help;
    this.#bounds = [...options.buckets].sort((a, b) => a - b);
    for (const registry of options.registers) registry.registerMetric(this as unknown as Metric);
  }

  /** Records one answered request; `seconds` is its duration. */
  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const series = this.#seriesOf(method, route, statusCode);
    const bounds = this.#bounds;
    let index = 0;
    while (index < bounds.length && seconds > bounds[index]!) index += 1;
    series.counts[index]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  #seriesOf(method: string, route: string, statusCode: number): Series {
    let byStatus = this.#series.get(route);
    if (byStatus === undefined) this.#series.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(statusCode);
    if (byMethod === undefined) byStatus.set(statusCode, (byMethod = new Map()));
    let series = byMethod.get(method);
    if (series === undefined) {
      series = { labels: { method, route, status_code: String(statusCode) }, counts: new Array<number>(this.#bounds.length + 1).fill(0), sum: 0, count: 0 };
      byMethod.set(method, series);
    }
    return series;
  }

  *#allSeries(): Generator<Series> {
    for (const byStatus of this.#series.values()) for (const byMethod of byStatus.values()) yield* byMethod.values();
  }

  /** Each label set with its number of observations (the request counter is read from these at scrape time). */
  *counts(): Generator<{ labels: Readonly<Record<RequestLabel, string>>; count: number }> {
    for (const { labels, count } of this.#allSeries()) yield { labels, count };
  }

  async get(): Promise<HistogramSnapshot> {
    const values: HistogramSample[] = [];
    for (const { labels, counts, sum, count } of this.#allSeries()) {
      let cumulative = 0;
      this.#bounds.forEach((bound, index) => {
        cumulative += counts[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels: { ...labels }, value: sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...labels }, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.#series.clear();
  }
}
