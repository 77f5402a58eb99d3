import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/client.ts';
import { createVerifiedUserSession } from '../../src/server/test/helpers.ts';
import { createTestApp, type TestApp } from '../../src/server/test/test-app.ts';
import { freePort, type SpawnedProcess, spawnProcess, waitUntilReady } from '../process/spawn-server.ts';

/**
 * A rolling upgrade (docs/deployment.md, "Rolling upgrades"): the previous version keeps serving on
 * the schema the new one migrated. The previous version is this repository just before its newest
 * migration was added, taken from git and run as a process (`node --import tsx src/server/main.ts`
 * with today's node_modules); the new one is the current code in this process. Both use one
 * PostgreSQL database (PGlite holds one process: skipped there, as without git history).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

const NEWEST = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')).sort().at(-1) ?? '';

/** The commit before the one that added the newest migration, or null without git history. */
function previousVersion(): string | null {
  const newest = NEWEST;
  if (!newest || spawnSync('git', ['-C', ROOT, 'rev-parse', 'HEAD']).status !== 0) return null;
  const added = git('log', '--diff-filter=A', '--format=%H', '--', `src/server/db/migrations/${newest}`).split('\n').at(-1);
  return added && spawnSync('git', ['-C', ROOT, 'rev-parse', '--verify', '--quiet', `${added}^`]).status === 0 ? git('rev-parse', `${added}^`) : null;
}

const OLD = process.env.DATABASE_URL ? previousVersion() : null;

let t: TestApp;
let oldDir = '';
let old: SpawnedProcess | null = null;
let oldUrl = '';

beforeAll(async () => {
  if (!OLD) return;
  // The new version first: the database is at the current schema (expanded) when the old one starts.
  t = await createTestApp();
  oldDir = mkdtempSync(join(tmpdir(), 'cifer-previous-'));
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${OLD} src package.json tsconfig.json | tar -x -C "${oldDir}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(oldDir, 'node_modules'));
  const port = await freePort();
  oldUrl = `http://127.0.0.1:${port}`;
  old = spawnProcess(
    { PORT: String(port), DATABASE_URL: t.databaseUrl!, DATA_DIR: join(oldDir, 'data'), NODE_ENV: 'development', SESSION_SECRET: t.env.SESSION_SECRET, ENCRYPTION_KEY: t.env.ENCRYPTION_KEY, APP_URL: t.env.APP_URL },
    // Its own folder: tsx resolves the `@/` imports from the tsconfig there, so no current module is mixed in.
    { cwd: oldDir },
  );
  await waitUntilReady(port, 60_000);
}, 120_000);

afterAll(async () => {
  if (old && old.child.exitCode === null) {
    old.child.kill('SIGTERM');
    await old.exited;
  }
  await t?.close();
  if (oldDir) rmSync(oldDir, { recursive: true, force: true });
});

test.skipIf(!OLD)('the previous version and the current one serve one database side by side: each reads what the other wrote', async () => {
  // The previous version has not seen the newest migration, which the database has.
  expect(existsSync(join(oldDir, 'src/server/db/migrations', NEWEST))).toBe(false);
  expect(existsSync(join(MIGRATIONS_DIR, NEWEST))).toBe(true);
  const { cookie } = await createVerifiedUserSession(t);
  const headers = { cookie, origin: t.env.APP_URL, 'content-type': 'application/json' };

  const fromOld = await fetch(`${oldUrl}/api/assessments`, { method: 'POST', headers, body: JSON.stringify({ title: 'Written by the previous version' }) });
  expect(fromOld.status, await fromOld.clone().text()).toBe(201);
  const oldId = ((await fromOld.json()) as { id: string }).id;
  const readByNew = await t.app.inject({ method: 'GET', url: `/api/assessments/${oldId}`, headers: { cookie } });
  expect(readByNew.statusCode).toBe(200);
  expect(readByNew.json()).toMatchObject({ id: oldId, title: 'Written by the previous version' });

  const fromNew = await t.app.inject({ method: 'POST', url: '/api/assessments', headers, payload: { title: 'Written by the current version' } });
  expect(fromNew.statusCode).toBe(201);
  const newId = fromNew.json<{ id: string }>().id;
  const readByOld = await fetch(`${oldUrl}/api/assessments/${newId}`, { headers: { cookie } });
  expect(readByOld.status).toBe(200);
  expect(await readByOld.json()).toMatchObject({ id: newId, title: 'Written by the current version' });

  // The previous version's own readiness holds on the expanded schema.
  expect((await fetch(`${oldUrl}/readyz`)).status).toBe(200);
}, 60_000);
