import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The one way the process tests start the real program (`node --import tsx <script>`): the server
 * or a CLI script, with the embedded database, no Redis and no client build unless the test says
 * otherwise, whatever the environment of the test run holds (CI's PostgreSQL pass skips these, ADR 005).
 */

export interface SpawnedProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output: () => string;
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
 * Runs `script` (default: the server) with extra environment, `preload` imported before it when
 * given, and `stdin` piped in when given.
 */
export function spawnProcess(env: Record<string, string>, options: { script?: string; args?: string[]; stdin?: string; preload?: string } = {}): SpawnedProcess {
  let output = '';
  const preload = options.preload ? ['--import', options.preload] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload, options.script ?? 'src/server/main.ts', ...(options.args ?? [])], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', CLIENT_DIST_DIR: './.tmp/no-client', ...env },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
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
