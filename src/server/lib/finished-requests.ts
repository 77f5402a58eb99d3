import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { RequestDurationHistogram } from '../metrics/request-duration-histogram.ts';
import { createAccessLog, type AccessLog } from './access-log.ts';

type Recorder = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * What every finished request leaves behind (ADR 186): one access line (ADR 172) and one latency
 * observation by route template (ADR 152), from the same facts read once: the route pattern (never
 * the raw URL, which can carry a token), the status and the time.
 *
 * It is Fastify's LogController, the object Fastify already calls when a response has finished
 * (`requestCompleted`; Fastify documents the class as the one to extend to change its request
 * lines). An `onResponse` hook did the same work through Fastify's hook runner on every request.
 * Fastify's own request lines stay off (`disableRequestLogging`).
 *
 * The access line is written through a child logger without the redaction paths (ADR 185): every
 * field is known safe by construction. Every other line keeps them.
 */
export class FinishedRequests extends LogController {
  #record: Recorder | undefined;

  constructor() {
    super({ disableRequestLogging: true });
  }

  /** Starts recording, once the app's logger and metrics exist; returns the access log (to flush on close). */
  start(options: { logger: FastifyBaseLogger; latency: RequestDurationHistogram; batchLogLines: boolean }): AccessLog {
    const accessLog = createAccessLog(options.logger.child({}, { redact: [] }) as FastifyBaseLogger as Logger, { batch: options.batchLogLines });
    const { latency } = options;
    this.#record = (request, reply) => {
      const route = request.routeOptions.url;
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      latency.observe(request.method, route ?? '(unmatched)', status, ms / 1000);
      accessLog.write({ id: request.id, method: request.method, route: route ?? '(no route)', status, ms: Math.round(ms * 10) / 10 });
    };
    return accessLog;
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.#record?.(request, reply);
  }
}
