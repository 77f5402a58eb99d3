/**
 * Ports of the end-to-end suite (ADR 241). Each Playwright worker has a block of ten ports from
 * E2E_PORT (default 5100): its shared server on the first, the servers a journey starts of its own
 * on the next ones (accounts +1..+3, organizations +1, sso +2, passkeys +3...). Workers never share
 * a server, a data folder or a port, so two journeys can run at once.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 5100);
const PORTS_PER_WORKER = 10;

/**
 * Playwright sets TEST_PARALLEL_INDEX (0 .. workers-1) in each worker process before it loads the
 * config and the specs; the runner process itself has none and reads 0.
 */
export function parallelIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/** The shared server's port of worker `index`. */
export function sharedServerPort(index: number): number {
  return E2E_BASE_PORT + PORTS_PER_WORKER * index;
}

/** A port of this worker's block: 0 is its shared server, 1..9 servers of a journey's own. */
export function workerPort(offset: number): number {
  return sharedServerPort(parallelIndex()) + offset;
}

/**
 * The copy of dist/client a shared server serves (CLIENT_DIST_DIR): pwa.spec.ts edits it to serve a
 * "new build", which must reach no other worker's server.
 */
export function sharedServerClientDir(port: number): string {
  return `.tmp/e2e-client-${port}`;
}
