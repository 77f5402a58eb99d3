import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { helpRequests, jobs, organizations, userMfa, users } from '../../db/schema.ts';
import { encryptSecret } from '../../lib/secret-crypto.ts';
import { totpSecretAssociatedData } from '../../lib/stored-secret-key.ts';
import { parseEnv } from '../../env.ts';
import { createTestClock } from '../../test/test-app.ts';
import { readCensus, type TableCensus } from './census.ts';
import { BackupFileError, manifestPathFor, readVerifiedBackup, type BackupManifest } from './manifest.ts';
import { requestBackupFromServer, OPERATOR_FILE_NAME } from './operator-endpoint.ts';
import { backupPostgres } from './postgres-backup.ts';
import { readEmbeddedCensus, restoreEmbedded, restorePostgres, RestoreRefusedError } from './restore.ts';

// Opening PGlite on a folder runs initdb: seconds on an idle machine, a minute on a loaded one; hence the long timeouts.
/**
 * A backup taken while a writer keeps inserting restores to exactly the source as it was at the
 * backup's moment (ADR 234). Each write is one transaction adding row n to two tables, so a copy
 * made table by table, or across a commit, would show two different counts; and rows are never
 * changed after insert, so the source's rows 1..n at the end of the test are the source's rows at
 * the backup's moment, and their checksum (computed here, not by the backup code) must be the
 * restored table's.
 */
const LOAD_JOB = 'backup-test.load';
const POSTGRES_URL = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function temporaryFolder(label: string): string {
  const folder = mkdtempSync(join(tmpdir(), `cifer-${label}-`));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

interface WriteLoad {
  written(): number;
  waitFor(rows: number): Promise<void>;
  stop(): Promise<number>;
}

function startWriteLoad(db: Database): WriteLoad {
  let seq = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const next = seq + 1;
      await db.transaction(async (tx) => {
        await tx.insert(jobs).values({ name: LOAD_JOB, payload: { seq: next }, status: 'done', runAt: new Date(Date.UTC(2026, 0, 1)) });
        await tx.insert(helpRequests).values({ category: 'other', subject: `load ${next}`, message: 'written during a backup', userEmail: 'load@example.com', userName: 'Load' });
      });
      seq = next;
      // PGlite answers without leaving the microtask queue: let timers and the backup's request run, as a server's I/O would.
      await new Promise((resolvePromise) => setImmediate(resolvePromise));
    }
  })();
  return {
    written: () => seq,
    async waitFor(rows) {
      while (seq < rows) await new Promise((resolvePromise) => setTimeout(resolvePromise, 5));
    },
    async stop() {
      stopped = true;
      await loop;
      return seq;
    },
  };
}

/** PGlite's drizzle answers `{ rows }`, postgres.js's an array of rows. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/** The load rows' sequence numbers and the checksum of jobs rows 1..upTo, by SQL of this test's own. */
async function loadFacts(db: Database, upTo: number): Promise<{ seqs: number[]; checksum: string }> {
  const seqs = rowsOf<{ seq: number }>(await db.execute(sql`select (payload->>'seq')::int as seq from jobs where name = ${LOAD_JOB} order by 1`));
  const checksum = await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const result = await tx.execute(
      sql`select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum from jobs t where name <> ${LOAD_JOB} or (payload->>'seq')::int <= ${upTo}`,
    );
    return rowsOf<{ checksum: string }>(result)[0]!.checksum;
  });
  return { seqs: seqs.map((entry) => Number(entry.seq)), checksum };
}

function tableOf(tables: TableCensus[], name: string): TableCensus {
  const table = tables.find((entry) => entry.table === name);
  if (!table) throw new Error(`no ${name} in the census`);
  return table;
}

/** What must hold of a backup taken under load, its source and its restored copy. */
async function expectRestoredAsAtBackup(options: { manifest: BackupManifest; before: number; final: number; source: Database; restored: Database; restoredCensus: TableCensus[] }) {
  const { manifest, before, final } = options;
  const atBackup = tableOf(manifest.tables, 'public.jobs').rows;
  // The load ran before, during and after the backup; both tables of each write are in it or neither.
  expect(before).toBeGreaterThan(0);
  expect(atBackup).toBeGreaterThanOrEqual(before);
  expect(final).toBeGreaterThan(atBackup);
  expect(tableOf(manifest.tables, 'public.help_requests').rows).toBe(atBackup);
  expect(manifest.migrations).toBeGreaterThan(0);
  // Every table: the restored copy's counts and checksums are the manifest's.
  expect(options.restoredCensus).toEqual(manifest.tables);
  // And the manifest's are the source's at that moment: rows 1..n, checksum computed independently.
  const restored = await loadFacts(options.restored, final);
  expect(restored.seqs).toEqual(Array.from({ length: atBackup }, (_, index) => index + 1));
  const source = await loadFacts(options.source, atBackup);
  expect(source.seqs.length).toBe(final);
  expect(restored.checksum).toBe(source.checksum);
  expect(tableOf(options.restoredCensus, 'public.jobs').checksum).toBe(source.checksum);
}

/** A user with two-factor sign-in, whose secret is sealed with `encryptionKey`: what a restore without that key would lock out. */
async function enrolTwoFactorUser(db: Database, encryptionKey: string): Promise<void> {
  const [organization] = await db.insert(organizations).values({ name: 'Two-Factor Clinic' }).returning({ id: organizations.id });
  const [user] = await db.insert(users).values({ organizationId: organization!.id, email: 'totp@example.com', passwordHash: 'not-a-hash', firstName: 'Two', lastName: 'Factor' }).returning({ id: users.id });
  await db.insert(userMfa).values({ userId: user!.id, totpSecretEnc: encryptSecret(encryptionKey, 'JBSWY3DPEHPK3PXP', totpSecretAssociatedData(user!.id)), totpEnabledAt: new Date() });
}

/** A backup damaged before its manifest was written (so the hash matches): refused with a reason, nothing left behind. */
async function expectHashMatchingDamageRefused(dataPath: string, encryptionKey: string) {
  const manifest = JSON.parse(readFileSync(manifestPathFor(dataPath), 'utf8')) as BackupManifest;
  // Bytes flipped inside the compressed stream, and a valid gzip of something that is not a tar.
  const flipped = readFileSync(dataPath);
  flipped[flipped.length >> 1]! ^= 0xff;
  for (const [label, bytes] of [['flipped', flipped], ['not-a-tar', gzipSync(randomBytes(4096))]] as const) {
    const copy = join(temporaryFolder(`damaged-${label}`), basename(dataPath));
    writeFileSync(copy, bytes);
    writeFileSync(manifestPathFor(copy), JSON.stringify({ ...manifest, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length }));
    const target = temporaryFolder('restore-damaged');
    await expect(restoreEmbedded({ path: copy, dataDir: target, force: false, now: new Date(), encryptionKey }), label).rejects.toThrow(/damaged although it matches its manifest's SHA-256/);
    expect(readdirSync(target), label).toEqual([]);
  }
}

function expectDamagedCopyRefused(dataPath: string) {
  const folder = temporaryFolder('damaged');
  const copy = join(folder, basename(dataPath));
  copyFileSync(dataPath, copy);
  copyFileSync(manifestPathFor(dataPath), manifestPathFor(copy));
  const bytes = readFileSync(copy);
  bytes[bytes.length >> 1]! ^= 0xff;
  writeFileSync(copy, bytes);
  expect(() => readVerifiedBackup(copy)).toThrow(BackupFileError);
}

describe.runIf(!POSTGRES_URL)('backup and restore of the embedded database', () => {
  it('the running server backs up under write load, the copy restores as at that moment, and the daily backup keeps BACKUP_KEEP', async () => {
    const dataDir = temporaryFolder('source');
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, BACKUP_HOUR: '3', BACKUP_KEEP: '2', SESSION_SECRET: randomBytes(32).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
    const database = openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    const clock = createTestClock(new Date('2026-01-01T02:00:00Z'));
    const app: FastifyInstance = await buildApp({ env, database, logger: false, now: clock.now });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    await app.ready();
    expect(statSync(join(dataDir, OPERATOR_FILE_NAME)).mode & 0o777).toBe(0o600);
    await enrolTwoFactorUser(database.db, env.ENCRYPTION_KEY);

    const load = startWriteLoad(database.db);
    await load.waitFor(15);
    const before = load.written();
    // What `npm run backup` does while the server runs.
    const answer = await requestBackupFromServer(dataDir);
    const { manifest } = readVerifiedBackup(answer!.dataPath);
    await load.waitFor(tableOf(manifest.tables, 'public.jobs').rows + 15);
    const final = await load.stop();

    // Into a fresh folder whose server would have a key of its own: refused, nothing left behind.
    const withoutKey = temporaryFolder('restored-without-key');
    await expect(restoreEmbedded({ path: answer!.dataPath, dataDir: withoutKey, force: false, now: new Date(), encryptionKey: randomBytes(32).toString('hex') })).rejects.toThrow(
      /two-factor secrets cannot be opened with this ENCRYPTION_KEY.*secrets\/encryption-key.*Nothing was restored/,
    );
    expect(existsSync(join(withoutKey, 'pglite'))).toBe(false);
    await expectHashMatchingDamageRefused(answer!.dataPath, env.ENCRYPTION_KEY);

    const target = temporaryFolder('restored');
    await restoreEmbedded({ path: answer!.dataPath, dataDir: target, force: false, now: new Date(), encryptionKey: env.ENCRYPTION_KEY });
    const restored = openDatabase({ kind: 'pglite', dataDir: target });
    try {
      await expectRestoredAsAtBackup({ manifest, before, final, source: database.db, restored: restored.db, restoredCensus: await readEmbeddedCensus(restored.embedded!.client) });
    } finally {
      await restored.close();
    }
    await expect(restoreEmbedded({ path: answer!.dataPath, dataDir: target, force: false, now: new Date(), encryptionKey: env.ENCRYPTION_KEY })).rejects.toThrow(RestoreRefusedError);
    expectDamagedCopyRefused(answer!.dataPath);

    // The daily backup: the day's job at 03:00 UTC (the first pass makes up for the period under way), the newest two kept.
    const backups = () => readdirSync(env.BACKUP_DIR).filter((name) => name.endsWith('.tar.gz')).sort();
    for (const at of ['2026-01-01T02:59:00Z', '2026-01-01T02:59:30Z', '2026-01-01T03:00:00Z', '2026-01-02T03:00:00Z']) {
      clock.set(new Date(at));
      await app.jobs.runDue();
    }
    expect(backups()).toEqual(['cifer-backup-2026-01-01T03-00-00-000Z.tar.gz', 'cifer-backup-2026-01-02T03-00-00-000Z.tar.gz']);
    expect(existsSync(manifestPathFor(answer!.dataPath))).toBe(false);
  }, 240_000);
});

describe.runIf(POSTGRES_URL)('backup and restore of PostgreSQL', () => {
  async function createDatabase(admin: postgres.Sql, name: string): Promise<string> {
    await admin.unsafe(`create database ${name}`);
    cleanups.push(async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
    });
    const url = new URL(POSTGRES_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  }

  it('pg_dump of one exported snapshot under write load restores as at that moment into an empty database only', async () => {
    const admin = postgres(POSTGRES_URL!, { max: 1, onnotice: () => {} });
    cleanups.push(async () => {
      await admin.end();
    });
    const suffix = randomBytes(5).toString('hex');
    const sourceUrl = await createDatabase(admin, `cifer_backup_test_${suffix}`);
    const targetUrl = await createDatabase(admin, `cifer_backup_test_${suffix}_restored`);
    const source: DatabaseHandle = openDatabase({ kind: 'postgres', url: sourceUrl, maxConnections: 3 });
    const restored: DatabaseHandle = openDatabase({ kind: 'postgres', url: targetUrl, maxConnections: 2 });
    cleanups.push(async () => {
      await source.close();
      await restored.close();
    });
    await source.migrate();
    const sourceKey = randomBytes(32).toString('hex');
    await enrolTwoFactorUser(source.db, sourceKey);

    const load = startWriteLoad(source.db);
    await load.waitFor(15);
    const before = load.written();
    const backup = await backupPostgres(sourceUrl, temporaryFolder('pg-backups'), new Date(), process.env);
    expect(statSync(backup.dataPath).mode & 0o777).toBe(0o600);
    expect(statSync(backup.manifestPath).mode & 0o777).toBe(0o600);
    await load.waitFor(tableOf(backup.manifest.tables, 'public.jobs').rows + 15);
    const final = await load.stop();

    // With another key: the data is in (one committed transaction), and the refusal says which key the servers need.
    await expect(restorePostgres({ path: backup.dataPath, url: targetUrl, processEnv: process.env, encryptionKey: randomBytes(32).toString('hex') })).rejects.toThrow(
      /two-factor secrets cannot be opened with this ENCRYPTION_KEY.*The data was restored, but servers with this key would refuse to start/,
    );
    const reader = postgres(targetUrl, { max: 1, onnotice: () => {} });
    let restoredCensus: TableCensus[];
    try {
      restoredCensus = await reader.begin(async (tx) => {
        await tx`set local timezone to 'UTC'`;
        return readCensus((text) => tx.unsafe(text));
      });
    } finally {
      await reader.end();
    }
    await expectRestoredAsAtBackup({ manifest: backup.manifest, before, final, source: source.db, restored: restored.db, restoredCensus });
    await expect(restorePostgres({ path: backup.dataPath, url: targetUrl, processEnv: process.env, encryptionKey: sourceKey })).rejects.toThrow(/not empty/);
    expectDamagedCopyRefused(backup.dataPath);
  }, 180_000);
});
