import { defineConfig } from '@playwright/test';
import { parallelIndex, sharedServerClientDir, sharedServerPort } from './tests/support/e2e-ports.ts';

/**
 * Two workers by default (E2E_WORKERS to change it), each with a shared server of its own (port,
 * data folder, client build copy): ADR 241, ADR 245.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const serverUrl = (port: number) => `http://127.0.0.1:${port}`;
/** The shared server of the worker evaluating this config (worker 0's in the runner process). */
export const E2E_BASE_URL = serverUrl(sharedServerPort(parallelIndex()));

/**
 * A shared server: the production build (built once, by the first server's command, when missing or
 * older than the sources; servers start one after another) copied for this server alone, served by
 * `tsx src/server/main.ts` on a new embedded database: a copy of the migrated template, made by the
 * first server's command when missing (ADR 261).
 */
export function sharedServer(index: number, extraEnv: Record<string, string> = {}) {
  const port = sharedServerPort(index);
  const url = serverUrl(port);
  const clientDir = sharedServerClientDir(port);
  const dataDir = `${process.env.E2E_DATA_DIR ?? './.tmp/e2e-data'}-${port}`;
  // A copy because pwa.spec.ts edits it; every other server (a journey's own) serves dist/client,
  // which nothing changes once this first command has made it current.
  const copyBuild = `rm -rf ${clientDir} && cp -R dist/client ${clientDir}`;
  return {
    // CLIENT_DIST_DIR only for the server: ensure-build.mjs builds nothing when it is set.
    command: `node scripts/ensure-build.mjs && tsx tests/support/seed-data-folder.ts ${dataDir} && ${copyBuild} && CLIENT_DIST_DIR=${clientDir} tsx src/server/main.ts`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      DATABASE_URL: '',
      // Every journey signs up from 127.0.0.1 on one server: the per-address sign-up budget is raised for the suite.
      REGISTER_IP_LIMIT_PER_HOUR: '1000',
      ...extraEnv,
    },
  };
}

/**
 * Journeys in Debian's Chromium against the production build, on a fresh embedded database each
 * run (globalSetup empties it). Never downloads a browser.
 */
export default defineConfig({
  testDir: './tests/e2e',
  // Billing needs the fake Stripe: playwright.billing.config.ts (npm run test:e2e:billing). Timing
  // journeys run alone, after the others: playwright.timing.config.ts (npm run test:e2e:timing, ADR 250).
  testIgnore: ['**/billing.spec.ts', '**/*.timing.spec.ts'],
  // Files are shared out between the workers; the tests of one file run in order in one worker.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: Array.from({ length: workers }, (_, index) => sharedServer(index)),
});
