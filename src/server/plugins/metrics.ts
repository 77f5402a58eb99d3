import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics } from '../metrics/metrics.ts';
import { routePattern } from '../lib/route-pattern.ts';

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of the presented bearer token with the configured one. */
export function isMetricsTokenValid(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(sha256(match[1]), sha256(expected));
}

/**
 * `GET /metrics` in Prometheus text (ADR 152) and the latency of every request: 404 when
 * METRICS_TOKEN is not configured (the endpoint does not exist), 401 with `WWW-Authenticate: Bearer`
 * when the bearer token is missing or wrong.
 */
async function metricsPlugin(app: FastifyInstance, options: { metrics: AppMetrics; token: string | undefined }) {
  const { metrics, token } = options;
  // Each finished request by route template (ADR 152): the pattern, never the raw URL, so one series
  // per route however many ids are requested, and no token or address in a label.
  app.addHook('onResponse', async (request, reply) => {
    metrics.recordRequest(request.method, routePattern(request), reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    if (!token) {
      return reply.status(404).send({ message: `No such endpoint: GET /metrics`, code: 'not_found' });
    }
    if (!isMetricsTokenValid(request.headers.authorization, token)) {
      request.log.info({ hasAuthorization: Boolean(request.headers.authorization) }, 'metrics scrape refused');
      return reply.status(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send({ message: 'A valid metrics bearer token is required', code: 'unauthorized' });
    }
    const body = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}

export const metricsEndpoint = fp(metricsPlugin, { name: 'metrics' });
