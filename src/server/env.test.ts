import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { InvalidEnvError, parseEnv } from './env.ts';

const tempDataDir = () => mkdtempSync(join(tmpdir(), 'cifer-env-'));

test('defaults make a start with no variables work: port 5000, PGlite in DATA_DIR', () => {
  const env = parseEnv({ DATA_DIR: tempDataDir() });
  expect(env.PORT).toBe(5000);
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.BILLING).toBe('off');
  expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
});

test('generated development secrets are kept in DATA_DIR and reused on the next start', () => {
  const dataDir = tempDataDir();
  const first = parseEnv({ DATA_DIR: dataDir });
  const second = parseEnv({ DATA_DIR: dataDir });
  expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
  expect(second.ENCRYPTION_KEY).toBe(first.ENCRYPTION_KEY);
  expect(first.ENCRYPTION_KEY).not.toBe(first.SESSION_SECRET);
});

test('every bad variable is named in one error', () => {
  let caught: unknown;
  try {
    parseEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', BILLING: 'maybe', DATA_DIR: tempDataDir() });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidEnvError);
  const message = (caught as InvalidEnvError).message;
  expect(message).toContain('PORT');
  expect(message).toContain('DATABASE_URL');
  expect(message).toContain('BILLING');
});

test('an empty optional URL counts as absent', () => {
  expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ', DATA_DIR: tempDataDir() }).DATABASE_URL).toBeUndefined();
});

test('production refuses to start without its secrets', () => {
  expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: tempDataDir() })).toThrow(/SESSION_SECRET.*required in production[\s\S]*ENCRYPTION_KEY/);
});

test('production refuses secrets shorter than 32 characters', () => {
  expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short', ENCRYPTION_KEY: 'x'.repeat(64), DATA_DIR: tempDataDir() })).toThrow(/SESSION_SECRET/);
});

test('Stripe is configured completely or not at all; the fake-Stripe base is refused in production; billing defaults (ADRs 130-132)', () => {
  const base = { DATA_DIR: tempDataDir() };
  expect(parseEnv(base)).toMatchObject({ PLAN_MONTHLY_PRICE_USD: 250, PLAN_ANNUAL_PRICE_USD: 2500, BILLING_GRACE_DAYS: 7 });
  expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: required[\s\S]*STRIPE_PRICE_MONTHLY[\s\S]*STRIPE_PRICE_ANNUAL/);
  expect(() => parseEnv({ ...base, STRIPE_SECRET_KEY: 'not-a-key' })).toThrow(/STRIPE_SECRET_KEY/);
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' };
  expect(parseEnv({ ...base, ...stripe }).STRIPE_PRICE_ANNUAL).toBe('price_a');
  const production = { ...base, ...stripe, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(64), ENCRYPTION_KEY: 'y'.repeat(64) };
  expect(() => parseEnv({ ...production, STRIPE_API_BASE: 'http://127.0.0.1:5245' })).toThrow(/STRIPE_API_BASE/);
});

test('TRUST_PROXY trusts only the configured proxies (ADR 277): a hop count, their addresses, never every hop', () => {
  const trust = (TRUST_PROXY?: string) => parseEnv({ DATA_DIR: tempDataDir(), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).TRUST_PROXY;
  expect(trust()).toBe(false);
  expect(trust('false')).toBe(false);
  expect(trust('0')).toBe(false);
  expect(trust('true')).toBe(1);
  expect(trust('2')).toBe(2);
  expect(trust('10.0.0.5, 10.1.0.0/16,loopback')).toBe('10.0.0.5,10.1.0.0/16,loopback');
  expect(trust('::1')).toBe('::1');
  for (const bad of ['yes', '11', '10.0.0.0/33', 'nginx.local', '10.0.0.5,']) expect(() => trust(bad), bad).toThrow(/TRUST_PROXY: must be false, a number of proxy hops/);
});

test("the engine's pool has one thread per core by default, none under NODE_ENV=test, and a count when given (ADR 269)", () => {
  expect(parseEnv({ DATA_DIR: tempDataDir() }).ENGINE_THREADS).toBe(availableParallelism());
  expect(parseEnv({ DATA_DIR: tempDataDir(), NODE_ENV: 'test' }).ENGINE_THREADS).toBe(0);
  expect(parseEnv({ DATA_DIR: tempDataDir(), NODE_ENV: 'test', ENGINE_THREADS: '2' }).ENGINE_THREADS).toBe(2);
  expect(parseEnv({ DATA_DIR: tempDataDir(), ENGINE_THREADS: '' }).ENGINE_THREADS).toBe(availableParallelism());
  expect(() => parseEnv({ DATA_DIR: tempDataDir(), ENGINE_THREADS: '-1' })).toThrow('ENGINE_THREADS');
});

test('the report pool has half the cores, at least one, by default, none under NODE_ENV=test, and a count when given (ADR 323)', () => {
  expect(parseEnv({ DATA_DIR: tempDataDir() }).REPORT_THREADS).toBe(Math.max(1, Math.floor(availableParallelism() / 2)));
  expect(parseEnv({ DATA_DIR: tempDataDir() }).REPORT_THREADS).toBeGreaterThanOrEqual(1);
  expect(parseEnv({ DATA_DIR: tempDataDir(), NODE_ENV: 'test' }).REPORT_THREADS).toBe(0);
  expect(parseEnv({ DATA_DIR: tempDataDir(), NODE_ENV: 'test', REPORT_THREADS: '3' }).REPORT_THREADS).toBe(3);
  expect(() => parseEnv({ DATA_DIR: tempDataDir(), REPORT_THREADS: '1.5' })).toThrow('REPORT_THREADS');
});
