import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createDatabaseStatement, databaseUrl, onServer, pgliteTemplateDump, PGLITE_TEMPLATE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE } from './database-template.ts';

const baseUrl = process.env.DATABASE_URL;
const migrationCount = (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** The migrations a database has recorded as applied, read before anything migrates it. */
async function appliedMigrations(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { count: number }[] }).rows;
  return rows[0]!.count;
}

test('ADR 240: the api project hands its workers a template of the database in use', () => {
  if (baseUrl) expect(process.env[POSTGRES_TEMPLATE_VARIABLE]).toMatch(/^cifer_test_template_[0-9a-f]{12}$/);
  else expect(process.env[PGLITE_TEMPLATE_VARIABLE]).toMatch(/\.tar$/);
});

test.skipIf(baseUrl)('ADR 240: a PGlite opened from the template dump holds every migration before migrate() runs', async () => {
  const database = openDatabase({ kind: 'pglite', dataDir: null, loadFrom: pgliteTemplateDump()! });
  try {
    expect(await appliedMigrations(database)).toBe(migrationCount);
  } finally {
    await database.close();
  }
});

test.skipIf(!baseUrl)('ADR 240: a PostgreSQL test database copied from the template holds every migration before migrate() runs', async () => {
  const name = `cifer_test_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl!, (admin) => admin.unsafe(createDatabaseStatement(name)));
  const database = openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl!, name), maxConnections: 1 });
  try {
    expect(await appliedMigrations(database)).toBe(migrationCount);
  } finally {
    await database.close();
    await onServer(baseUrl!, (admin) => admin.unsafe(`drop database if exists ${name} with (force)`));
  }
});
