import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../db/client.ts';
import { seedDataFolder } from './data-folder-template.ts';

/**
 * The api project's migrated template database (ADR 240). Vitest runs this file's default export
 * once per run (`globalSetup`): it migrates one database and hands its location to the test
 * workers in an environment variable, and `createTestApp` copies it instead of running initdb
 * and every migration again for each app. On PGlite that database is a dump of the migrated data
 * folder the test servers start from (data-folder-template.ts, ADR 261), built only when missing.
 * Without the variable (a test file run outside the project, a script) `createTestApp` builds an
 * empty database as before.
 */

/** The path of a dump (`dumpDataDir`, uncompressed tar) of the migrated PGlite template. */
export const PGLITE_TEMPLATE_VARIABLE = 'CIFER_TEST_PGLITE_TEMPLATE';
/** The name of a migrated PostgreSQL database on the server of DATABASE_URL. */
export const POSTGRES_TEMPLATE_VARIABLE = 'CIFER_TEST_POSTGRES_TEMPLATE';

const TEMPLATE_FOLDER = resolve('.tmp/test-templates');

export default async function setup(): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  return baseUrl ? buildPostgresTemplate(baseUrl) : buildPgliteTemplate();
}

/** A dump of the migrated data folder template (data-folder-template.ts): no initdb when the template is current. */
async function buildPgliteTemplate(): Promise<() => Promise<void>> {
  mkdirSync(TEMPLATE_FOLDER, { recursive: true });
  const name = `pglite-${process.pid}-${randomBytes(4).toString('hex')}`;
  const copy = join(TEMPLATE_FOLDER, name);
  await seedDataFolder(copy);
  const database = openDatabase({ kind: 'pglite', dataDir: copy });
  let dump: Blob;
  try {
    // Nothing to apply on a current template; it also waits until PGlite is open, which dumpDataDir does not.
    await database.migrate();
    dump = await database.embedded!.client.dumpDataDir('none');
  } finally {
    await database.close();
    rmSync(copy, { recursive: true, force: true });
  }
  const path = join(TEMPLATE_FOLDER, `${name}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_VARIABLE] = path;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_VARIABLE];
    rmSync(path, { force: true });
  };
}

async function buildPostgresTemplate(baseUrl: string): Promise<() => Promise<void>> {
  const name = `cifer_test_template_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, (admin) => admin.unsafe(`create database ${name}`));
  const database = openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl, name), maxConnections: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // PostgreSQL copies a template only while nobody is connected to it: refusing connections
  // keeps a stray client from making every concurrent `create database … template` fail.
  await onServer(baseUrl, (admin) => admin.unsafe(`alter database ${name} with allow_connections false`));
  process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_VARIABLE];
    await onServer(baseUrl, (admin) => admin.unsafe(`drop database if exists ${name} with (force)`));
  };
}

/** The PostgreSQL URL of database `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on a one-connection client of the server (database DDL cannot run inside the database it changes). */
export async function onServer(baseUrl: string, statement: (admin: postgres.Sql) => Promise<unknown>): Promise<void> {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await statement(admin);
  } finally {
    await admin.end();
  }
}

/** The `create database` statement of a new test database: a copy of the run's template when there is one. */
export function createDatabaseStatement(name: string): string {
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  return template ? `create database ${name} template ${template}` : `create database ${name}`;
}

/** Kept across the test files a worker runs (vitest re-imports modules per file): the dump is read once per worker. */
const loadedDumps = globalThis as typeof globalThis & { ciferPgliteTemplate?: { path: string; dump: Blob } };

/** The run's migrated PGlite dump, or undefined when the run provides none. */
export function pgliteTemplateDump(): Blob | undefined {
  const path = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!path) return undefined;
  if (loadedDumps.ciferPgliteTemplate?.path !== path) loadedDumps.ciferPgliteTemplate = { path, dump: new Blob([readFileSync(path)]) };
  return loadedDumps.ciferPgliteTemplate.dump;
}

