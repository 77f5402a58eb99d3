import { createRedisClient, type RedisLog } from '../lib/redis-client.ts';
import type { NotificationChannel } from '../db/client.ts';
import { parseInvalidation, type InvalidationTransport } from './session-cache.ts';

const START_TIMEOUT_MS = 5_000;

/** Redis pub/sub: one subscriber connection, one publisher; ioredis re-subscribes after a drop. */
export function createRedisTransport(redisUrl: string, channel: string, log: RedisLog): InvalidationTransport {
  // The publisher fails fast while Redis is away (a change must not wait for it: the session cache
  // stops trusting itself instead); the subscriber queues its SUBSCRIBE until the connection is up.
  const publisher = createRedisClient(redisUrl, { purpose: 'session cache invalidation (publish)', log, lazyConnect: true });
  const subscriber = createRedisClient(redisUrl, {
    purpose: 'session cache invalidation (subscribe)',
    log,
    lazyConnect: true,
    patient: true,
  });
  const onError = (error: unknown) => log.warn({ err: error }, 'session cache invalidation over Redis failed');
  return {
    name: 'redis',
    async start(onMessage, onConnectionChange) {
      subscriber.on('message', (from: string, payload: string) => {
        if (from !== channel) return;
        const message = parseInvalidation(payload);
        if (message) onMessage(message);
      });
      subscriber.on('close', () => onConnectionChange(false));
      // ioredis re-subscribes by itself after a reconnection; until then the cache is bypassed.
      subscriber.on('ready', () => onConnectionChange(true));
      publisher.connect().catch(onError);
      // Redis down at start-up must not stop the app: it serves uncached until the channel is up.
      const subscribed = subscriber.subscribe(channel).then(
        () => true,
        (error: unknown) => {
          onError(error);
          return false;
        },
      );
      return Promise.race([subscribed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), START_TIMEOUT_MS).unref())]);
    },
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** PostgreSQL LISTEN/NOTIFY on the application's own database (no Redis needed). */
export function createPostgresTransport(notifications: NotificationChannel, channel: string): InvalidationTransport {
  let listening: { unlisten(): Promise<void> } | null = null;
  let started = false;
  return {
    name: 'postgres',
    async start(onMessage, onConnectionChange) {
      listening = await notifications.listen(
        channel,
        (payload) => {
          const message = parseInvalidation(payload);
          if (message) onMessage(message);
        },
        () => {
          // Called again after postgres.js re-establishes the listener: whatever was missed in
          // between is unknown, so the cache starts empty.
          if (started) onConnectionChange(true);
          started = true;
        },
      );
      return true;
    },
    async publish(message) {
      await notifications.notify(channel, JSON.stringify(message));
    },
    async close() {
      await listening?.unlisten().catch(() => {});
    },
  };
}
