import { Redis } from 'ioredis';

export interface RedisLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * A Redis connection that fails fast while Redis is away (ADR 200): no offline queue, so a command
 * sent while disconnected rejects at once instead of holding a request for seconds, and a short
 * command timeout for a Redis that accepts connections but does not answer. ioredis keeps
 * reconnecting in the background (back-off up to 2 s). The log gets one line when Redis goes away
 * and one when it is back, not one per retry.
 */
export function createRedisClient(url: string, options: { purpose: string; log: RedisLog; lazyConnect?: boolean; patient?: boolean }): Redis {
  // `patient`: a subscriber, whose SUBSCRIBE waits for the connection and is renewed by ioredis after a drop.
  const failFast = !options.patient;
  const redis = new Redis(url, {
    lazyConnect: options.lazyConnect ?? false,
    enableOfflineQueue: !failFast,
    maxRetriesPerRequest: failFast ? 1 : null,
    connectTimeout: 1_000,
    ...(failFast ? { commandTimeout: 500 } : {}),
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let away = false;
  const markAway = (error: unknown) => {
    if (away) return;
    away = true;
    options.log.warn({ err: error, purpose: options.purpose }, 'Redis unreachable; working without it until it returns');
  };
  redis.on('error', markAway);
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    options.log.info({ purpose: options.purpose }, 'Redis reachable again');
  });
  return redis;
}

/** Whether commands sent now would reach Redis (an ioredis client in any other state rejects them). */
export function isRedisReady(redis: Redis): boolean {
  return redis.status === 'ready';
}
