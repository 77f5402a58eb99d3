import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readCensus, type TableCensus } from './census.ts';
import { backupDataName, writeManifest, type WrittenBackup } from './manifest.ts';

/**
 * The census and the data folder's tarball at one moment. PGlite runs one statement at a time:
 * every query and transaction of the app waits for PGlite's transaction lock, which this
 * transaction holds from its BEGIN to its COMMIT. Inside it nothing else can write, so the census,
 * the CHECKPOINT (data files current, so the copy needs no WAL replay) and `dumpDataDir` (which
 * takes only the per-statement lock) see the same data (ADR 234).
 */
export async function dumpEmbedded(client: PGlite): Promise<{ archive: Uint8Array; tables: TableCensus[] }> {
  return client.transaction(async (tx) => {
    await tx.exec("set local timezone to 'UTC'");
    const tables = await readCensus(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    await tx.exec('checkpoint');
    const tarball = await client.dumpDataDir('gzip');
    return { archive: new Uint8Array(await tarball.arrayBuffer()), tables };
  });
}

/** Writes one backup of the embedded database into `dir` (data file, then its manifest). */
export async function backupEmbedded(client: PGlite, dir: string, now: Date): Promise<WrittenBackup> {
  const { archive, tables } = await dumpEmbedded(client);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const dataPath = join(dir, backupDataName('pglite', now));
  writeFileSync(`${dataPath}.partial`, archive, { mode: 0o600 });
  renameSync(`${dataPath}.partial`, dataPath);
  return writeManifest({ dataPath, kind: 'pglite', createdAt: now, tables });
}
