import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { freePort, seededDataFolder, spawnProcess, waitUntilReady } from './spawn-server.ts';

/** One process per embedded-database folder (ADR 174). */

test('a second server and user:create on a data folder in use exit non-zero naming the folder and the running process; a stale lock is taken over', async () => {
  const dataDir = await seededDataFolder('cifer-lock-');
  const port = await freePort();
  const first = spawnProcess({ PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitUntilReady(port);
    const lock = JSON.parse(readFileSync(join(dataDir, 'cifer.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(first.child.pid);

    const second = spawnProcess({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid}`);

    const create = spawnProcess({ DATA_DIR: dataDir }, { script: 'scripts/user-create.ts', args: ['--email', 'late@example.com'], stdin: 'Correct-Horse-Battery-9\n' });
    expect(await create.exited).toBe(1);
    expect(create.output()).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid}`);

    // The first server is untouched and still serves.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  } finally {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }
  expect(existsSync(join(dataDir, 'cifer.lock'))).toBe(false);

  // A lock left by a process that no longer runs (kill -9) is stale: the next start takes over.
  writeFileSync(join(dataDir, 'cifer.lock'), JSON.stringify({ pid: 2_147_483_000, hostname: hostname(), startedAt: '2026-01-01T00:00:00Z', command: 'gone' }));
  const restarted = spawnProcess({ PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitUntilReady(port);
  } finally {
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }
}, 400_000);
