import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one migrated embedded database every test starts from (ADR 240, ADR 261): initialised and
 * migrated once per change of the migrations or of PGlite, kept in `.tmp/data-folder-templates/`.
 * - Servers the tests start (e2e, process tests) get a copy of its folder before they open it:
 *   `seedDataFolder`, or `tsx tests/support/seed-data-folder.ts <folder>` from a command line.
 * - The API suite's in-memory apps load a dump of it (database-template.ts).
 * PGlite's initdb costs 5-8 s of CPU per new database on CI's machine, a copy a tenth of a second,
 * and a server on a copy starts the way it does on every later start (nothing to apply). The first
 * start on an empty folder keeps its own test (tests/process/lifecycle.test.ts).
 */

// Found from this module, not the working directory, like the migrations: a test run from another folder finds the same ones.
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TEMPLATES_ROOT = join(PROJECT_ROOT, '.tmp/data-folder-templates');
const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));
// PGlite's package exports no package.json, so its version is read from the installed folder.
const PGLITE_PACKAGE = join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json');

/**
 * What makes a template current: every migration file, with the journal, and the PGlite version
 * that wrote it. A template is kept per fingerprint, so a run never sees one half replaced.
 */
function fingerprint(): string {
  const hash = createHash('sha256');
  const files = [...readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql')), 'meta/_journal.json'].sort();
  for (const file of files) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  hash.update(JSON.parse(readFileSync(PGLITE_PACKAGE, 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}

/** The current template's PGlite folder, built first when missing (by one process; a racing builder's copy is dropped). */
async function currentTemplate(): Promise<string> {
  const current = join(TEMPLATES_ROOT, fingerprint());
  const pgliteFolder = join(current, 'pglite');
  if (existsSync(pgliteFolder)) return pgliteFolder;
  const building = `${current}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  // Imported here, not at the top: when the template exists, copying it needs no database code.
  const { openDatabase } = await import('../db/client.ts');
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
  removeOtherTemplates(current);
  return pgliteFolder;
}

/** Templates of earlier migrations or PGlite versions (40 MB each); folders still being built are left to their builders. */
function removeOtherTemplates(current: string) {
  for (const entry of readdirSync(TEMPLATES_ROOT)) {
    const path = join(TEMPLATES_ROOT, entry);
    if (path !== current && !entry.includes('.building-')) rmSync(path, { recursive: true, force: true });
  }
}

/** Empties `dataDir` and puts a copy of the current template's database in it, as a server would have made on its first start. */
export async function seedDataFolder(dataDir: string): Promise<void> {
  const template = await currentTemplate();
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  cpSync(template, join(dataDir, 'pglite'), { recursive: true });
}
