import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

/**
 * ADR 175: an error that escapes every handler (unhandled rejection, uncaught
 * exception) is logged once at fatal level through the log-safe serializer, the embedded database
 * is closed (its folder lock released) and the process exits 1 for the supervisor to restart it.
 * The fault is injected by a preloaded module on SIGUSR2 (fixtures/fail-on-signal.mjs).
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function failOnce(kind: 'reject' | 'throw'): Promise<{ code: number | null; output: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `cifer-fatal-${kind}-`));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/process/fixtures/fail-on-signal.mjs', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', CLIENT_DIST_DIR: './.tmp/no-client', PORT: String(port), DATA_DIR: dataDir, FAIL_KIND: kind },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`server not ready: ${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status === 200, () => false);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    child.kill('SIGUSR2');
    return { code: await exited, output, dataDir };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

test('an unhandled rejection and an uncaught exception are each logged once at fatal level without parameters or personal data, and the process exits 1 after releasing its folder', async () => {
  for (const [kind, name] of [['reject', 'unhandledRejection'], ['throw', 'uncaughtException']] as const) {
    const { code, output, dataDir } = await failOnce(kind);
    expect(code, output).toBe(1);
    const fatal = output.split('\n').filter((line) => line.includes('"level":60'));
    expect(fatal, output).toHaveLength(1);
    expect(fatal[0]).toContain('unexpected failure: exiting for a restart');
    expect(fatal[0]).toContain(`"kind":"${name}"`);
    // The SQLSTATE and the constraint's name stay; the values do not.
    expect(fatal[0]).toContain('"code":"23505"');
    expect(fatal[0]).toContain('"constraint":"users_email_unique"');
    expect(output).not.toContain('escaped.person@example.com');
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain('c2FsdHNhbHQ');
    expect(existsSync(join(dataDir, 'cifer.lock'))).toBe(false);
  }
}, 400_000);
