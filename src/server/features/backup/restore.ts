import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { MIGRATIONS_DIR, type Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { storedSecretKeyProblem } from '../../lib/stored-secret-key.ts';
import { acquireDataDirLock } from '../../db/data-dir-lock.ts';
import { censusDifferences, readCensus, type TableCensus } from './census.ts';
import { BackupFileError, readVerifiedBackup, type BackupKind, type BackupManifest } from './manifest.ts';
import { clientToolConnection, runClientTool } from './postgres-backup.ts';

export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data folder that was there before went (embedded restore with force), else null. */
  movedAside: string | null;
}

/** Migrations this code knows; a backup from a newer CIFER would meet code that does not know its schema. */
function knownMigrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

function readBackupOfKind(path: string, kind: BackupKind): { dataPath: string; manifest: BackupManifest } {
  const backup = readVerifiedBackup(path);
  if (backup.manifest.kind !== kind) {
    throw new BackupFileError(
      kind === 'pglite'
        ? 'This is a PostgreSQL backup: restore it with DATABASE_URL set to an empty database.'
        : 'This is an embedded-database backup: restore it without DATABASE_URL, into an empty DATA_DIR.',
    );
  }
  if (backup.manifest.migrations > knownMigrationCount()) throw new RestoreRefusedError(`The backup's schema (${backup.manifest.migrations} migrations) is newer than this CIFER's (${knownMigrationCount()}): upgrade CIFER first.`);
  return backup;
}

function assertSameCensus(expected: TableCensus[], actual: TableCensus[], where: string): void {
  const differences = censusDifferences(expected, actual);
  if (differences.length > 0) throw new RestoreRefusedError(`The restored ${where} does not match the backup's manifest: ${differences.slice(0, 10).join('; ')}`);
}

export async function readEmbeddedCensus(client: PGlite): Promise<TableCensus[]> {
  return client.transaction(async (tx) => {
    await tx.exec("set local timezone to 'UTC'");
    return readCensus(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
  });
}

/** Why a restored copy's secrets would lock users out, in the restore's words. */
async function keyRefusal(db: Database, encryptionKey: string, where: string): Promise<RestoreRefusedError | null> {
  const problem = await storedSecretKeyProblem(db, encryptionKey);
  return problem ? new RestoreRefusedError(`${problem} ${where}`) : null;
}

const DAMAGED_DATA = "the file is damaged although it matches its manifest's SHA-256 (it was damaged before the manifest was written). Restore another backup.";

/**
 * Whether the data is a gzip'd tar archive (PGlite's dump of its folder), read here first: PGlite
 * unpacks it in a stream whose failure escapes as an unhandled rejection with an empty message.
 */
function assertTarGz(bytes: Uint8Array): void {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new RestoreRefusedError(`The backup's data is not a gzip archive (${error instanceof Error ? error.message : String(error)}): ${DAMAGED_DATA}`);
  }
  if (tar.length < 512 || tar.toString('latin1', 257, 262) !== 'ustar') throw new RestoreRefusedError(`The backup's data is not a tar archive of a database folder: ${DAMAGED_DATA}`);
}

/** Opens the backup's data as a PGlite folder at `target`; data PGlite cannot open is refused with the reason. */
async function openRestoredCopy(target: string, bytes: Uint8Array<ArrayBuffer>): Promise<PGlite> {
  try {
    const client = new PGlite(target, { loadDataDir: new Blob([bytes]) });
    await client.waitReady;
    return client;
  } catch (error) {
    const reason = error instanceof Error && error.message.trim() ? ` (${error.message.trim()})` : '';
    throw new RestoreRefusedError(`The backup's data could not be opened as a database${reason}: ${DAMAGED_DATA}`);
  }
}

/**
 * Restores an embedded-database backup into DATA_DIR. Takes the folder's lock first, so it never
 * runs beside a server on that folder (ADR 174). A folder that already holds a database is refused,
 * or with `force` moved aside (never deleted). The restored copy is opened, its census compared
 * with the manifest and its two-factor secrets opened with `encryptionKey` (the key the server
 * on DATA_DIR will use); a copy that cannot be opened or fails a check is removed, the old folder
 * put back, and the restore fails with the reason.
 */
export async function restoreEmbedded(options: { path: string; dataDir: string; force: boolean; now: Date; encryptionKey: string }): Promise<RestoreResult> {
  const { dataPath, manifest } = readBackupOfKind(options.path, 'pglite');
  // Checked before the folder is touched: damaged data is refused with nothing created or moved.
  const bytes = new Uint8Array(readFileSync(dataPath));
  assertTarGz(bytes);
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const target = join(options.dataDir, 'pglite');
    let movedAside: string | null = null;
    if (existsSync(target) && readdirSync(target).length > 0) {
      if (!options.force) throw new RestoreRefusedError(`${target} already holds a database: restore into an empty DATA_DIR, or pass --force to move it aside.`);
      movedAside = `${target}.before-restore-${options.now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, movedAside);
    }
    const undo = () => {
      rmSync(target, { recursive: true, force: true });
      if (movedAside) renameSync(movedAside, target);
    };
    let client: PGlite;
    try {
      client = await openRestoredCopy(target, bytes);
    } catch (error) {
      undo();
      throw error;
    }
    try {
      assertSameCensus(manifest.tables, await readEmbeddedCensus(client), 'database');
      const refusal = await keyRefusal(drizzlePglite(client, { schema }) as unknown as Database, options.encryptionKey, 'Nothing was restored.');
      if (refusal) throw refusal;
    } catch (error) {
      await client.close();
      undo();
      throw error;
    }
    await client.close();
    return { manifest, movedAside };
  } finally {
    lock.release();
  }
}

async function countUserRelations(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`;
  return row!.count;
}

export async function readPostgresCensus(sql: postgres.Sql): Promise<TableCensus[]> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    await tx`set local timezone to 'UTC'`;
    return readCensus((text) => tx.unsafe(text));
  });
}

/**
 * Restores a pg_dump backup into the empty database at `url` (one with any table is refused) in one
 * transaction, then compares its census with the manifest.
 */
export async function restorePostgres(options: { path: string; url: string; processEnv: NodeJS.ProcessEnv; encryptionKey: string }): Promise<RestoreResult> {
  const { dataPath, manifest } = readBackupOfKind(options.path, 'postgres');
  const sql = postgres(options.url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    if ((await countUserRelations(sql)) > 0) throw new RestoreRefusedError('The target database is not empty: create an empty database and point DATABASE_URL at it.');
    const { dbname, env } = clientToolConnection(options.url, options.processEnv);
    await runClientTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dataPath], env);
    assertSameCensus(manifest.tables, await readPostgresCensus(sql), 'database (drop it before trying again)');
    // The data is in (one transaction, already committed): say which key the servers need.
    const refusal = await keyRefusal(drizzlePostgres(sql, { schema }) as unknown as Database, options.encryptionKey, 'The data was restored, but servers with this key would refuse to start: drop the database and restore again with that key, or start them with it.');
    if (refusal) throw refusal;
    return { manifest, movedAside: null };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
