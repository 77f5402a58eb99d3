import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { freePort, seededDataFolder, spawnNpm as npm, waitUntilReady } from './spawn-server.ts';

/**
 * A supervisor (systemd, Docker, a terminal's kill) sends SIGTERM to the process it started, `npm
 * start`, and to nothing else: the signal must reach the server, which drains and exits, and npm
 * must exit with it (ADR 279). Before, npm passed it to its shell, the shell died, and the server
 * kept serving with no parent.
 */

/** Whether `check` holds within `ms`: a helper process (tsx's esbuild service) leaves a moment after its parent. */
async function within(ms: number, check: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('SIGTERM to `npm start` alone stops the server it runs, and npm exits 0', async () => {
  const dataDir = await seededDataFolder('cifer-npm-signal-');
  const port = await freePort();
  const run = npm(['start'], { PORT: String(port), DATA_DIR: dataDir });
  let serverPid = 0;
  try {
    await waitUntilReady(port);
    // The data folder's lock names the process that serves.
    serverPid = (JSON.parse(readFileSync(join(dataDir, 'cifer.lock'), 'utf8')) as { pid: number }).pid;
    expect(serverPid).not.toBe(run.child.pid);
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(alive(serverPid)).toBe(false);
    // Nothing npm started is left: its process group (spawnNpm starts one) empties within a second.
    expect(await within(1000, () => !alive(-run.child.pid!))).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  } finally {
    if (run.child.exitCode === null && run.child.pid) process.kill(-run.child.pid, 'SIGKILL');
    if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
  }
}, 200_000);
