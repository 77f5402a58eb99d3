import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

/**
 * The upgrade fixture (tests/upgrade/produce-fixture.md): a plain-SQL dump of a database filled by
 * released versions through their API, and its manifest (test-only accounts, what each version made,
 * row counts). Loaded here into an empty database: a fresh in-memory PGlite, or a throwaway
 * PostgreSQL database on the server of DATABASE_URL, dropped afterwards.
 */

const FIXTURE_DIR = new URL('./fixture/', import.meta.url);

export interface FixtureAccount {
  email: string;
  password: string;
  totpSecret: string;
  role: string;
  producedBy: string;
}

export interface FixtureAssessment {
  id: string;
  organization: string;
  title: string;
  status: 'draft' | 'completed';
  engineVersion: string | null;
  expectedAnnualLossUsd: number | null;
  producedBy: string;
}

export interface FixtureManifest {
  versions: { commit: string; engineVersion: string; note: string }[];
  /** The secrets the old servers ran with: TOTP secrets are stored encrypted under ENCRYPTION_KEY. */
  secrets: { SESSION_SECRET: string; ENCRYPTION_KEY: string };
  accounts: FixtureAccount[];
  assessments: FixtureAssessment[];
  migrationsApplied: number;
  rowCounts: Record<string, number>;
}

export function readManifest(): FixtureManifest {
  return JSON.parse(readFileSync(new URL('released-versions.json', FIXTURE_DIR), 'utf8')) as FixtureManifest;
}

function readDump(): string {
  return readFileSync(new URL('released-versions.sql', FIXTURE_DIR), 'utf8');
}

export interface ReleasedDatabase {
  kind: 'pglite' | 'postgres';
  /**
   * Handles on the loaded database as app instances open it (not yet migrated): `count` of them on
   * PostgreSQL; one on PGlite, whose database belongs to one process (ADR 174).
   */
  openInstances(count: number): DatabaseHandle[];
  /** Removes the database (after every handle is closed). */
  discard(): Promise<void>;
}

/** The dump loaded into an empty database: PostgreSQL when `baseUrl` is given, else PGlite. */
export async function loadReleasedDatabase(baseUrl: string | undefined): Promise<ReleasedDatabase> {
  return baseUrl ? loadIntoPostgres(baseUrl) : loadIntoPglite();
}

async function loadIntoPglite(): Promise<ReleasedDatabase> {
  const handle = openDatabase({ kind: 'pglite', dataDir: null });
  // The handle's own in-memory PGlite, filled before anything migrates it: one PGlite start
  // instead of two (a start costs seconds on a loaded machine). `exec` runs a multi-statement script;
  // RESET ALL undoes the dump's session settings (its empty search_path) for the app that follows.
  await (handle.db as unknown as { $client: PGlite }).$client.exec(`${readDump()}\nRESET ALL;`);
  return { kind: 'pglite', openInstances: () => [handle], discard: async () => {} };
}

async function loadIntoPostgres(baseUrl: string): Promise<ReleasedDatabase> {
  const name = `cifer_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const loader = postgres(url.toString(), { max: 1, onnotice: () => {} });
  // Simple-query protocol: the whole dump in one round trip, as psql would run it.
  await loader.unsafe(readDump()).simple();
  await loader.end();
  return {
    kind: 'postgres',
    openInstances: (count) => Array.from({ length: count }, () => openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 })),
    discard: async () => {
      const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
export async function queryRows<T>(database: DatabaseHandle, query: string): Promise<T[]> {
  const result = (await database.db.execute(sql.raw(query))) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
