import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSmtpServer } from './helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The set-up and tear-down a test file registers around its apps, written once (ADR 061). Kept
 * apart from helpers.ts because it imports vitest's hooks, and helpers.ts also serves processes
 * outside vitest (tests/support/billing-e2e-services.ts).
 *
 * The shared helpers return a stand-in that reads the app (or SMTP sink) built in `beforeAll`:
 * use it inside tests and hooks; at a file's top level nothing is built yet.
 */

/** Each test builds its own app (fresh database and migrations) and runs the engine: on a loaded shared machine PGlite needs more than the default 30 s. Not a speed assertion. */
export const BUILDS_AN_APP = { timeout: 180_000 };

type SmtpSink = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * One app shared by the tests of the file (or of the `describe` block that calls this), built
 * before the first and closed after the last. `overrides` may be a function, read when the app
 * is built (e.g. the URL of an SMTP sink started by an earlier `beforeAll`).
 */
export function useSharedTestApp(overrides: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const built = holdForTheSuite('test app', () => createTestApp(typeof overrides === 'function' ? overrides() : overrides));
  return {
    get app() {
      return built().app;
    },
    get database() {
      return built().database;
    },
    get env() {
      return built().env;
    },
    get clock() {
      return built().clock;
    },
    get databaseUrl() {
      return built().databaseUrl;
    },
    get logs() {
      return built().logs;
    },
    close: () => built().close(),
  };
}

/** A real SMTP sink shared like `useSharedTestApp`; call it before the app that sends to it, so it stops after that app. */
export function useSharedSmtpServer(): SmtpSink {
  const started = holdForTheSuite('SMTP sink', () => startSmtpServer());
  return {
    get url() {
      return started().url;
    },
    get messages() {
      return started().messages;
    },
    close: () => started().close(),
  };
}

export interface PerTestApps {
  /** A fresh app for this test, closed after it. */
  create(overrides?: Record<string, string>): Promise<TestApp>;
  /** Something else the test started (a second instance, an SMTP sink), stopped after it, before what was started earlier. */
  closeAfter(close: () => Promise<void>): void;
}

/** Apps built inside each test (a fresh database per test), closed with whatever else the test started once it ends. */
export function useTestAppsPerTest(): PerTestApps {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    create: async (overrides = {}) => {
      const t = await createTestApp(overrides);
      cleanups.push(t.close);
      return t;
    },
    closeAfter: (close) => {
      cleanups.push(close);
    },
  };
}

/** Starts something before the suite's first test and closes it after its last; the answer reads it. */
function holdForTheSuite<T extends { close(): Promise<void> }>(what: string, start: () => Promise<T>): () => T {
  let current: T | null = null;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error(`the ${what} is built in beforeAll: read it inside a test or hook`);
    return current;
  };
}
