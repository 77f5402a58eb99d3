/**
 * Nothing to prepare before the server starts: each run uses its own DATA_DIR under .tmp,
 * which `npm run test:e2e` empties first (see scripts/clean-e2e.mjs).
 */
export default async function globalSetup() {}
