import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { TableCensus } from './census.ts';

/**
 * A backup is two files side by side (ADR 234): the data (`cifer-backup-<time>.tar.gz`, PGlite's
 * data folder, or `cifer-backup-<time>.dump`, pg_dump's custom format: each readable by its own
 * tool) and `cifer-backup-<time>.manifest.json` (time, kind, schema level, the data file's SHA-256
 * and the census of every table). The manifest is written last: a data file without one is an
 * unfinished backup.
 */
export const BACKUP_PREFIX = 'cifer-backup-';
export const MANIFEST_SUFFIX = '.manifest.json';
const DATA_SUFFIX = { pglite: '.tar.gz', postgres: '.dump' } as const;

export type BackupKind = keyof typeof DATA_SUFFIX;

const ManifestSchema = z.object({
  format: z.literal('cifer-backup/1'),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  dataFile: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int().min(0),
  /** Migrations applied when the backup was taken (rows of drizzle's migration table). */
  migrations: z.number().int().min(0),
  tables: z.array(z.object({ table: z.string(), rows: z.number().int().min(0), checksum: z.string() })),
});

export type BackupManifest = z.infer<typeof ManifestSchema>;

export interface WrittenBackup {
  dataPath: string;
  manifestPath: string;
  manifest: BackupManifest;
}

/** `2026-11-26T07-50-29-123Z`: sorts by time and is a valid file name everywhere (no colons). */
function fileTime(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

export function backupDataName(kind: BackupKind, at: Date): string {
  return `${BACKUP_PREFIX}${fileTime(at)}${DATA_SUFFIX[kind]}`;
}

export function manifestPathFor(dataPath: string): string {
  const name = basename(dataPath);
  const stem = Object.values(DATA_SUFFIX).reduce((current, suffix) => (current.endsWith(suffix) ? current.slice(0, -suffix.length) : current), name);
  return join(dirname(dataPath), `${stem}${MANIFEST_SUFFIX}`);
}

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export function migrationLevel(tables: TableCensus[]): number {
  return tables.find((entry) => entry.table === 'drizzle.__drizzle_migrations')?.rows ?? 0;
}

/** Writes the manifest of a finished data file (through a temporary name, so a reader never sees half of it). */
export function writeManifest(options: { dataPath: string; kind: BackupKind; createdAt: Date; tables: TableCensus[] }): WrittenBackup {
  const { dataPath } = options;
  const manifest: BackupManifest = {
    format: 'cifer-backup/1',
    kind: options.kind,
    createdAt: options.createdAt.toISOString(),
    dataFile: basename(dataPath),
    sha256: sha256File(dataPath),
    bytes: readFileSync(dataPath).byteLength,
    migrations: migrationLevel(options.tables),
    tables: options.tables,
  };
  const manifestPath = manifestPathFor(dataPath);
  writeFileSync(`${manifestPath}.partial`, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${manifestPath}.partial`, manifestPath);
  return { dataPath, manifestPath, manifest };
}

export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/** Reads the manifest beside a data file (or the manifest itself) and checks the data file's SHA-256. */
export function readVerifiedBackup(path: string): WrittenBackup {
  const manifestPath = path.endsWith(MANIFEST_SUFFIX) ? path : manifestPathFor(path);
  if (!existsSync(manifestPath)) throw new BackupFileError(`No manifest ${manifestPath} beside the backup: copy both files of a backup (ADR 234).`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    throw new BackupFileError(`The manifest ${manifestPath} is not JSON.`);
  }
  const result = ManifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupFileError(`The manifest ${manifestPath} is not a CIFER backup manifest.`);
  const manifest = result.data;
  const dataPath = join(dirname(manifestPath), manifest.dataFile);
  if (basename(manifest.dataFile) !== manifest.dataFile) throw new BackupFileError(`The manifest ${manifestPath} names a data file outside its folder.`);
  if (!existsSync(dataPath)) throw new BackupFileError(`The data file ${dataPath} named by ${manifestPath} is missing.`);
  if (sha256File(dataPath) !== manifest.sha256) throw new BackupFileError(`The data file ${dataPath} does not match its manifest (SHA-256 differs): it is damaged or from another backup.`);
  return { dataPath, manifestPath, manifest };
}

/**
 * Keeps the newest `keep` backups in `dir` and deletes the older ones (both files). Only complete
 * backups count and only files named like ours are touched; names sort by time.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const manifests = readdirSync(dir)
    .filter((name) => name.startsWith(BACKUP_PREFIX) && name.endsWith(MANIFEST_SUFFIX))
    .sort();
  const removed: string[] = [];
  for (const name of manifests.slice(0, Math.max(0, manifests.length - keep))) {
    const stem = name.slice(0, -MANIFEST_SUFFIX.length);
    for (const suffix of [...Object.values(DATA_SUFFIX), MANIFEST_SUFFIX]) {
      const path = join(dir, `${stem}${suffix}`);
      if (existsSync(path)) {
        rmSync(path, { force: true });
        removed.push(path);
      }
    }
  }
  return removed;
}
