import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDataFolder } from '../../src/server/test/data-folder-template.ts';

/**
 * The one way the process tests start the real program: `node --import tsx <script>` (the server
 * or a CLI script) or `npm <args>`, with the embedded database, no Redis and no client build unless
 * the test says otherwise, whatever the environment of the test run holds (CI's PostgreSQL pass
 * skips these, ADR 005).
 */

export interface SpawnedProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
  /** Its exit code, once it has exited and its output has ended. */
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A new data folder under the system's temporary folder holding a copy of the migrated template
 * (ADR 261), for tests whose subject is not the very first start on an empty folder.
 */
export async function seededDataFolder(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  await seedDataFolder(dataDir);
  return dataDir;
}

/** The environment every process test starts with: no PostgreSQL, no Redis, no client build, few log lines. */
const BASE_ENV = { DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', CLIENT_DIST_DIR: './.tmp/no-client' };

function spawnWithOutput(command: string, args: string[], env: Record<string, string>, options: { stdin?: string; detached?: boolean; cwd?: string }): SpawnedProcess {
  let output = '';
  const child = spawn(command, args, {
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: options.detached ?? false,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the exit code arrives once the child's stdout and stderr have ended too, so
  // `output()` read after `exited` holds everything the process printed.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Runs `script` (default: the server) with extra environment, `preload` imported before it when
 * given, and `stdin` piped in when given; in `cwd` when given (another checkout: its tsconfig paths).
 */
export function spawnProcess(env: Record<string, string>, options: { script?: string; args?: string[]; stdin?: string; preload?: string; cwd?: string } = {}): SpawnedProcess {
  const preload = options.preload ? ['--import', options.preload] : [];
  return spawnWithOutput(process.execPath, ['--import', 'tsx', ...preload, options.script ?? 'src/server/main.ts', ...(options.args ?? [])], env, options);
}

/** `npm <args>` as a person types it, in its own process group, so the whole tree (npm, sh, tsx, node) can be stopped. */
export function spawnNpm(args: string[], env: Record<string, string>, stdin?: string): SpawnedProcess {
  return spawnWithOutput('npm', args, env, { ...(stdin === undefined ? {} : { stdin }), detached: true });
}

export async function waitUntilReady(port: number, timeoutMs = 150_000): Promise<void> {
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
