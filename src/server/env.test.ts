import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
