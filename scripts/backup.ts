/**
 * Writes one backup of CIFER's database into BACKUP_DIR (default <DATA_DIR>/backups):
 *
 *   npm run backup
 *
 * PostgreSQL (DATABASE_URL): pg_dump of one snapshot, taken from here while servers run. Embedded
 * database: the server that owns DATA_DIR takes it through its loopback endpoint (<DATA_DIR>/backup.key);
 * when no server runs, this script takes the folder's lock and opens the database itself (ADR 234).
 * Prints the data file and its manifest; both belong to the backup.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { InvalidEnvError, parseEnv, type Env } from '../src/server/env.ts';
import { backupEmbedded } from '../src/server/features/backup/embedded-backup.ts';
import { requestBackupFromServer } from '../src/server/features/backup/operator-endpoint.ts';
import { backupPostgres } from '../src/server/features/backup/postgres-backup.ts';

async function backupWithoutServer(env: Env): Promise<string | null> {
  if (!existsSync(join(env.DATA_DIR, 'pglite', 'PG_VERSION'))) throw new Error(`There is no embedded database in ${env.DATA_DIR} (DATA_DIR) to back up.`);
  let database;
  try {
    database = openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) return null;
    throw error;
  }
  try {
    const backup = await backupEmbedded(database.embedded!.client, env.BACKUP_DIR, new Date());
    return backup.dataPath;
  } finally {
    await database.close();
  }
}

async function main() {
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    const backup = await backupPostgres(env.DATABASE_URL, env.BACKUP_DIR, new Date(), process.env);
    console.log(`Backup written: ${backup.dataPath} (manifest ${backup.manifestPath}, ${backup.manifest.tables.length} tables)`);
    return;
  }
  const direct = await backupWithoutServer(env);
  if (direct) {
    console.log(`No server was running; backup written: ${direct}`);
    return;
  }
  const answer = await requestBackupFromServer(env.DATA_DIR);
  if (!answer) throw new Error(`A process holds ${env.DATA_DIR} but has not written ${join(env.DATA_DIR, 'backup.key')}: is it a CIFER server of this version? Stop it, or upgrade it, and try again.`);
  console.log(`Backup written by the running server: ${answer.dataPath} (manifest ${answer.manifestPath}, ${answer.tables} tables)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof InvalidEnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
