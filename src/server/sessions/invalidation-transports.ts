import { Redis } from 'ioredis';
import type { NotificationChannel } from '../db/client.ts';
import { parseInvalidation, type InvalidationTransport } from './session-cache.ts';

/** Redis pub/sub: one subscriber connection, one publisher; ioredis re-subscribes after a drop. */
export function createRedisTransport(redisUrl: string, channel: string, onError: (error: unknown) => void): InvalidationTransport {
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  return {
    name: 'redis',
    async start(onMessage, onConnectionChange) {
      subscriber.on('message', (from: string, payload: string) => {
        if (from !== channel) return;
        const message = parseInvalidation(payload);
        if (message) onMessage(message);
      });
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
      // Attached after the first subscription so start-up does not count as a reconnection.
      subscriber.on('close', () => onConnectionChange(false));
      subscriber.on('ready', () => onConnectionChange(true));
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
    },
    async publish(message) {
      await notifications.notify(channel, JSON.stringify(message));
    },
    async close() {
      await listening?.unlisten().catch(() => {});
    },
  };
}
