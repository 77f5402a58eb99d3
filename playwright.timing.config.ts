import { defineConfig } from '@playwright/test';
import baseConfig, { sharedServer } from './playwright.config.ts';

/**
 * Journeys that measure how fast the browser answers (`*.timing.spec.ts`): one worker and one shared
 * server, run after every other journey so that no second browser and server share the machine's
 * cores while the clock runs (ADR 250). `npm run test:e2e:timing`; part of `npm run test:e2e`.
 */
export default defineConfig({
  ...baseConfig,
  testMatch: ['*.timing.spec.ts'],
  testIgnore: [],
  workers: 1,
  // No daily backup on this server: the first start would write one (a gzip of the data folder,
  // 1-2 s of CPU) on the cores the browser's clock runs on.
  webServer: [sharedServer(0, { BACKUP_HOUR: 'off' })],
});
