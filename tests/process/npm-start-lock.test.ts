import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from 'vitest';
import { freePort, seededDataFolder, spawnNpm as npm, waitUntilReady } from './spawn-server.ts';

/**
 * ADR 174, literally: a second `npm start` on a data folder in use exits non-zero
 * with a message naming the folder and the running process (pid, host and command), and
 * `npm run user:create` against the running server refuses with the same message and creates
 * nothing (ADR 174). CLIENT_DIST_DIR points away from dist/client so `npm start` does not build
 * the client first (scripts/ensure-build.mjs, ADR 180).
 */

test('a second `npm start` and `npm run user:create` on the folder of a running `npm start` exit non-zero naming the folder and the running process', async () => {
  const dataDir = await seededDataFolder('cifer-npm-lock-');
  const port = await freePort();
  const first = npm(['start'], { PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitUntilReady(port);
    // The lock names the process that serves (npm → node ensure-build → node): alive, and running main.ts.
    const owner = JSON.parse(readFileSync(join(dataDir, 'cifer.lock'), 'utf8')) as { pid: number; hostname: string; command: string };
    expect(() => process.kill(owner.pid, 0)).not.toThrow();
    expect(readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8')).toContain('src/server/main.ts');
    const named = `The data folder ${dataDir} is in use by process ${owner.pid} on ${hostname()}`;

    const second = npm(['start'], { PORT: String(await freePort()), DATA_DIR: dataDir });
    const secondCode = await second.exited;
    expect(secondCode, second.output()).not.toBe(0);
    expect(second.output()).toContain(named);
    expect(second.output()).toContain(owner.command);

    const create = npm(['run', 'user:create', '--', '--email', 'late@example.com'], { DATA_DIR: dataDir }, 'Correct-Horse-Battery-9\nCorrect-Horse-Battery-9\n');
    const createCode = await create.exited;
    expect(createCode, create.output()).not.toBe(0);
    expect(create.output()).toContain(named);
    expect(create.output()).not.toContain('Created');

    // The first server still serves.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    process.kill(owner.pid, 'SIGTERM');
    expect(await first.exited).toBe(0);
  } finally {
    if (first.child.exitCode === null && first.child.pid) process.kill(-first.child.pid, 'SIGKILL');
  }
  expect(existsSync(join(dataDir, 'cifer.lock'))).toBe(false);
  // user:create refused before touching the folder: no such account.
  const db = new PGlite(join(dataDir, 'pglite'));
  try {
    const rows = await db.query<{ n: number }>(`select count(*)::int as n from users where email = 'late@example.com'`);
    expect(rows.rows[0]?.n).toBe(0);
  } finally {
    await db.close();
  }
}, 400_000);
