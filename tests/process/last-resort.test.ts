import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { freePort, seededDataFolder, spawnProcess, waitUntilReady } from './spawn-server.ts';

/**
 * ADR 175: an error that escapes every handler (unhandled rejection, uncaught
 * exception) is logged once at fatal level through the log-safe serializer, the embedded database
 * is closed (its folder lock released) and the process exits 1 for the supervisor to restart it.
 * The fault is injected by a preloaded module on SIGUSR2 (fixtures/fail-on-signal.mjs).
 */

async function failOnce(kind: 'reject' | 'throw'): Promise<{ code: number | null; output: string; dataDir: string }> {
  const dataDir = await seededDataFolder(`cifer-fatal-${kind}-`);
  const port = await freePort();
  const run = spawnProcess({ LOG_LEVEL: 'info', PORT: String(port), DATA_DIR: dataDir, FAIL_KIND: kind }, { preload: './tests/process/fixtures/fail-on-signal.mjs' });
  try {
    await waitUntilReady(port).catch((error: Error) => {
      throw new Error(`${error.message}: ${run.output()}`);
    });
    run.child.kill('SIGUSR2');
    return { code: await run.exited, output: run.output(), dataDir };
  } finally {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
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
