import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/** Issue #18 defect 3 / acceptance 3: one process per embedded-database folder (ADR 174). */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(args: string[], env: Record<string, string>, stdin?: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', CLIENT_DIST_DIR: './.tmp/no-client', ...env },
    stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin?.end(stdin);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitUntilReady(port: number, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} not ready in ${timeoutMs} ms`);
}

test('a second server and user:create on a data folder in use exit non-zero naming the folder and the running process; a stale lock is taken over', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cifer-lock-'));
  const port = await freePort();
  const first = run(['src/server/main.ts'], { PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitUntilReady(port);
    const lock = JSON.parse(readFileSync(join(dataDir, 'cifer.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(first.child.pid);

    const second = run(['src/server/main.ts'], { PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by process ${first.child.pid}`);

    const create = run(['scripts/user-create.ts', '--email', 'late@example.com'], { DATA_DIR: dataDir }, 'Correct-Horse-Battery-9\n');
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
  const restarted = run(['src/server/main.ts'], { PORT: String(port), DATA_DIR: dataDir });
  try {
    await waitUntilReady(port);
  } finally {
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }
}, 400_000);
