import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5100);
const dataDir = process.env.E2E_DATA_DIR ?? `./.tmp/e2e-data-${port}`;
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;

/**
 * Journeys in Debian's Chromium against the production build served by `npm start`, on a
 * fresh embedded database each run (globalSetup empties it). Never downloads a browser.
 */
export default defineConfig({
  testDir: './tests/e2e',
  // Needs the fake Stripe: run by playwright.billing.config.ts (npm run test:e2e:billing).
  testIgnore: ['**/billing.spec.ts'],
  fullyParallel: false,
  workers: 1,
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
  webServer: {
    command: 'node scripts/ensure-build.mjs && tsx src/server/main.ts',
    url: `${E2E_BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: E2E_BASE_URL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      DATABASE_URL: '',
      // Every journey signs up from 127.0.0.1 on one server: the per-address sign-up budget is raised for the suite.
      REGISTER_IP_LIMIT_PER_HOUR: '1000',
    },
  },
});
