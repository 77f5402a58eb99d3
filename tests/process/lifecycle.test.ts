import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from 'vitest';
import { freePort, spawnProcess as startServer, waitUntilReady } from './spawn-server.ts';

/** The real process, as `npm start` runs it (minus the client build): start, serve, stop, restart. */

test('the server serves, exits cleanly within 5 s on SIGTERM, and keeps its data across restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cifer-life-'));
  const port = await freePort();

  const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await waitUntilReady(port, 90_000);
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/api/auth/user`)).status).toBe(401);
  const stopStartedAt = Date.now();
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(Date.now() - stopStartedAt).toBeLessThan(5_000);

  // Write a row while the server is down, then check a restart keeps it.
  const db = new PGlite(join(dataDir, 'pglite'));
  await db.query(`insert into organizations (name) values ('Restart Clinic')`);
  await db.close();

  const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await waitUntilReady(port, 90_000);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  const check = new PGlite(join(dataDir, 'pglite'));
  const rows = await check.query<{ name: string }>(`select name from organizations`);
  await check.close();
  expect(rows.rows.map((row) => row.name)).toEqual(['Restart Clinic']);
  // A start migrates a new PGlite folder: over 30 s once on a loaded two-core machine.
}, 240_000);

test('bad configuration exits non-zero naming every bad variable', async () => {
  const run = startServer({ PORT: 'eighty', BILLING: 'sometimes', DATA_DIR: mkdtempSync(join(tmpdir(), 'cifer-bad-')) });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('PORT');
  expect(run.output()).toContain('BILLING');
}, 30_000);

test('production without secrets refuses to start with a clear message', async () => {
  const run = startServer({ NODE_ENV: 'production', SESSION_SECRET: '', ENCRYPTION_KEY: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'cifer-prod-')) });
  expect(await run.exited).toBe(1);
  expect(run.output()).toMatch(/SESSION_SECRET: required in production/);
}, 30_000);

test('an unreachable database stops the process instead of serving', async () => {
  const port = await freePort();
  const run = startServer({ PORT: String(await freePort()), DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none`, DATA_DIR: mkdtempSync(join(tmpdir(), 'cifer-nodb-')) });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('Database migration failed; not starting');
}, 60_000);
