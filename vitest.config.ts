import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const alias = {
  '@/engine': fileURLToPath(new URL('./src/engine', import.meta.url)),
  '@/contracts': fileURLToPath(new URL('./src/contracts', import.meta.url)),
  '@/client': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@/reports': fileURLToPath(new URL('./src/reports', import.meta.url)),
};

// Three projects: pure code (engine, contracts, reports), the React client in jsdom,
// and the API suite (Fastify in process on PGlite, or PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  resolve: { alias },
  test: {
    // One test file per core: vitest's default (cores - 1) ran one file at a time on CI's two cores,
    // while the files' own work (PGlite, the engine, argon2) keeps every worker busy (ADR 245).
    maxWorkers: availableParallelism(),
    // A run that stops before its end fails instead of passing silently (tests/support/run-must-finish.ts).
    reporters: ['default', './tests/support/run-must-finish.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/engine/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/reports/**/*.test.ts', 'scripts/**/*.test.ts'],
          benchmark: { include: ['src/**/*.bench.ts'] },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          // A form typed key by key in jsdom took over vitest's 5 s on a loaded two-core machine, beside the API files.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'tests/process/**/*.test.ts', 'tests/upgrade/**/*.test.ts'],
          // One migrated template database per run, copied by every createTestApp (ADR 240).
          globalSetup: ['src/server/test/database-template.ts'],
          // The files share each worker's modules instead of importing the server again per file (ADR 257).
          isolate: false,
          // Real processes, PGlite and Monte Carlo runs: a loaded two-core machine took up to 25 s for one test.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
