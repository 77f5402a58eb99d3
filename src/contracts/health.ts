import { z } from 'zod';

/** GET /healthz: the process answers. */
export const LivenessResponseSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: 200 with the clock skew against the database and Redis's state ('degraded': away, the app works without it), or 503 when the database does not answer. */
export const ReadinessResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), clockSkewMs: z.number(), clockSkewOk: z.boolean(), redis: z.enum(['ok', 'degraded', 'not_configured']) }),
  z.object({ status: z.literal('unavailable'), message: z.string() }),
]);
