import { describe, expect, test } from 'vitest';
import { createDatabaseHealth, isDatabaseUnreachable } from './database-health.ts';

const withCode = (code: string) => Object.assign(new Error(code), { code });
const quiet = { warn() {}, info() {} };

describe('the database health flag (ADR 278)', () => {
  test('connection failures count as unreachable, also wrapped (as Drizzle wraps them); SQL errors do not', () => {
    for (const code of ['ECONNREFUSED', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'DATABASE_UNREACHABLE', '57P01', '08006']) expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnreachable(new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    for (const code of ['23505', '42P01', '57014', 'ERR_SOMETHING']) expect(isDatabaseUnreachable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });

  test('a failed query lowers the flag at once and cuts the pool; the first ping that answers raises it', async () => {
    let reachable = false;
    let cuts = 0;
    const health = createDatabaseHealth({ ping: async () => (reachable ? undefined : Promise.reject(withCode('ECONNREFUSED'))), onDown: () => (cuts += 1), onPingTimeout() {}, downIntervalMs: 5 });
    expect(health.up).toBe(true);
    health.reportUnreachable();
    health.reportUnreachable();
    expect(health.up).toBe(false);
    expect(cuts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(health.up).toBe(false);
    reachable = true;
    await expect.poll(() => health.up, { interval: 5, timeout: 5_000 }).toBe(true);
    health.stop();
  });

  test('a started flag notices a database that stops answering, without any request, and drops the silent ping connection', async () => {
    let silent = false;
    let pingTimeouts = 0;
    let cuts = 0;
    const health = createDatabaseHealth({
      ping: () => (silent ? new Promise<void>(() => {}) : Promise.resolve()),
      onDown: () => (cuts += 1),
      onPingTimeout: () => (pingTimeouts += 1),
      intervalMs: 5,
      downIntervalMs: 5,
      timeoutMs: 20,
    });
    health.start(quiet);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(health.up).toBe(true);
    silent = true;
    await expect.poll(() => health.up, { interval: 5, timeout: 5_000 }).toBe(false);
    expect(cuts).toBe(1);
    expect(pingTimeouts).toBeGreaterThanOrEqual(1);
    silent = false;
    await expect.poll(() => health.up, { interval: 5, timeout: 5_000 }).toBe(true);
    health.stop();
  });
});
