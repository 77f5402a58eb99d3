import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The embedded database a test server starts on (ADR 261): initialised and migrated once, then
 * copied into each server's data folder before the server opens it. PGlite's initdb costs 5-8 s
 * of CPU per new data folder on CI's machine, a copy a tenth of a second, and the server then
 * starts the way it does on every later start (migrations checked, nothing to apply).
 *
 * Used by the e2e servers and the process tests whose subject is not the very first start; the
 * first start on an empty folder keeps its own test (tests/process/lifecycle.test.ts).
 *
 * From the command line (the e2e server commands): `tsx tests/support/data-folder-template.ts <data folder>`.
 */

const TEMPLATES_ROOT = resolve('.tmp/data-folder-templates');
const MIGRATIONS_DIR = resolve('src/server/db/migrations');

/**
 * What makes a template current: every migration file, with the journal, and the PGlite version
 * that wrote it. A template is kept per fingerprint, so a run never sees one half replaced.
 */
function fingerprint(): string {
  const hash = createHash('sha256');
  const files = [...readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')), 'meta/_journal.json'].sort();
  for (const file of files) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  hash.update(JSON.parse(readFileSync(resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}

/** The current template's PGlite folder, built first when missing (by one process; a racing builder's copy is dropped). */
export async function ensureTemplate(): Promise<string> {
  const current = join(TEMPLATES_ROOT, fingerprint());
  const pgliteFolder = join(current, 'pglite');
  if (existsSync(pgliteFolder)) return pgliteFolder;
  const building = `${current}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  // Imported here, not at the top: when the template exists, copying it needs no database code.
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const database = openDatabase({ kind: 'pglite', dataDir: building });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // The data folder's lock file went with close(); only the database folder is the template.
  try {
    renameSync(building, current);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(pgliteFolder)) throw error;
  }
  for (const entry of readdirSync(TEMPLATES_ROOT)) if (join(TEMPLATES_ROOT, entry) !== current && !entry.includes('.building-')) rmSync(join(TEMPLATES_ROOT, entry), { recursive: true, force: true });
  return pgliteFolder;
}

/** Empties `dataDir` and puts a copy of the current template's database in it, as a server would have made on its first start. */
export async function seedDataFolder(dataDir: string): Promise<void> {
  const template = await ensureTemplate();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, join(dataDir, 'pglite'), { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('tests/support/data-folder-template.ts')) {
  const folders = process.argv.slice(2);
  if (folders.length === 0) throw new Error('usage: tsx tests/support/data-folder-template.ts <data folder>...');
  for (const folder of folders) await seedDataFolder(folder);
}
