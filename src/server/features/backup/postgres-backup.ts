import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { readCensus } from './census.ts';
import { backupDataName, writeManifest, type WrittenBackup } from './manifest.ts';

/**
 * The PostgreSQL client tools take the URL without its password; the password goes in PGPASSWORD,
 * so it never shows in the process list (`ps`) or in an error message. `processEnv` is the caller's
 * environment (PATH, locale), handed in because only entry points read process.env.
 */
export function clientToolConnection(url: string, processEnv: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...processEnv, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool; rejects with its last lines of stderr when it fails. */
export function runClientTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new Error(`${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client)`) : error));
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/**
 * pg_dump of the whole database in custom format, and the census of the same moment: a REPEATABLE
 * READ transaction exports its snapshot, reads the census in it, and pg_dump dumps that very
 * snapshot (`--snapshot`) while the transaction stays open. Writes go on meanwhile (ADR 234).
 */
export async function backupPostgres(url: string, dir: string, now: Date, processEnv: NodeJS.ProcessEnv): Promise<WrittenBackup> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const dataPath = join(dir, backupDataName('postgres', now));
  const partial = `${dataPath}.partial`;
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    // The dump holds every account's data: readable by its owner only, like the embedded backup.
    // pg_dump creates its file under the umask (0644 as a rule); one that exists keeps its mode.
    writeFileSync(partial, '', { mode: 0o600 });
    chmodSync(partial, 0o600);
    const tables = await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [exported] = await tx<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
      await tx`set local timezone to 'UTC'`;
      const census = await readCensus((text) => tx.unsafe(text));
      const { dbname, env } = clientToolConnection(url, processEnv);
      await runClientTool('pg_dump', ['--format=custom', '--compress=6', `--snapshot=${exported!.snapshot}`, `--file=${partial}`, `--dbname=${dbname}`], env);
      return census;
    });
    chmodSync(partial, 0o600);
    renameSync(partial, dataPath);
    return writeManifest({ dataPath, kind: 'postgres', createdAt: now, tables });
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
