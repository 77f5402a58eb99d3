/**
 * Restores a backup written by `npm run backup` or the daily backup:
 *
 *   npm run restore -- <backup file> [--force]
 *
 * PostgreSQL (DATABASE_URL): into that database, which must be empty. Embedded database: into
 * DATA_DIR, which must hold no database (stop the server first); --force moves an existing one aside
 * to <DATA_DIR>/pglite.before-restore-<time>. Either way the restored tables' row counts and checksums
 * are compared with the backup's manifest, and a copy that differs is refused (ADR 234). So is a copy
 * whose two-factor secrets this ENCRYPTION_KEY (or DATA_DIR's secrets/encryption-key) cannot open:
 * give the key of the instance that made the backup.
 */
import { parseArgs } from 'node:util';
import { InvalidEnvError, parseEnv } from '../src/server/env.ts';
import { restoreEmbedded, restorePostgres } from '../src/server/features/backup/restore.ts';

const USAGE = 'Usage: npm run restore -- <backup file (.tar.gz, .dump or .manifest.json)> [--force]';

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  if (values.help || positionals.length !== 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const path = positionals[0]!;
  const env = parseEnv(process.env);
  const encryptionKey = env.ENCRYPTION_KEY;
  const result = env.DATABASE_URL ? await restorePostgres({ path, url: env.DATABASE_URL, processEnv: process.env, encryptionKey }) : await restoreEmbedded({ path, dataDir: env.DATA_DIR, force: values.force, now: new Date(), encryptionKey });
  const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Restored the backup of ${result.manifest.createdAt}: ${result.manifest.tables.length} tables, ${rows} rows, every count and checksum as in its manifest.`);
  if (result.movedAside) console.log(`The database that was there before is in ${result.movedAside}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof InvalidEnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
