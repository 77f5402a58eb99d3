import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.ts';
import { BILLING_E2E_ADMIN } from './tests/support/billing-e2e-admin.ts';

/**
 * The billing journeys (tests/e2e/billing.spec.ts): the app runs with BILLING=required and Stripe
 * configured against the local fake Stripe and SMTP sink of tests/support/billing-e2e-services.ts.
 * `npm run test:e2e:billing`; ports E2E_PORT (default 5240) and E2E_PORT+5..+7.
 */
const port = Number(process.env.E2E_PORT ?? 5240);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `./.tmp/e2e-billing-data-${port}`;


export default defineConfig({
  ...baseConfig,
  testMatch: ['billing.spec.ts'],
  testIgnore: [],
  // One file: one worker, and none of the main config's shared servers (ADR 241).
  workers: 1,
  globalSetup: undefined,
  use: { ...baseConfig.use, baseURL },
  webServer: [
    {
      command: 'tsx tests/support/billing-e2e-services.ts',
      url: `http://127.0.0.1:${port + 7}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      command: `node scripts/ensure-build.mjs && tsx tests/support/seed-data-folder.ts ${dataDir} && printf '%s\\n' '${BILLING_E2E_ADMIN.password}' | tsx scripts/user-create.ts --email ${BILLING_E2E_ADMIN.email} --role super_admin && tsx src/server/main.ts`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        DATABASE_URL: '',
        REGISTER_IP_LIMIT_PER_HOUR: '1000',
        BILLING: 'required',
        SMTP_URL: `smtp://127.0.0.1:${port + 6}?ignoreTLS=true`,
        STRIPE_SECRET_KEY: 'sk_test_cifer_e2e_0123456789abcdef',
        STRIPE_WEBHOOK_SECRET: 'whsec_cifer_e2e_0123456789abcdefghij',
        STRIPE_PRICE_MONTHLY: 'price_e2e_monthly',
        STRIPE_PRICE_ANNUAL: 'price_e2e_annual',
        STRIPE_API_BASE: `http://127.0.0.1:${port + 5}`,
      },
    },
  ],
});
