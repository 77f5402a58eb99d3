import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * One process per embedded-database folder (ADR 174). PGlite has no lock of its own: two
 * processes on one folder both start and silently lose each other's writes. The owner writes
 * `cifer.lock` (created exclusively) with its pid, host, start time and command; anyone else
 * refuses to open the folder while that process is alive.
 *
 * Stale-lock rule: a lock whose pid is not running on this host (the owner was killed, the machine
 * restarted) is taken over; a lock written on another host is never taken over automatically
 * (a shared folder cannot be checked from here), nor a lock file that cannot be read.
 */
export const LOCK_FILE_NAME = 'cifer.lock';

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  command: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} on ${owner.hostname} (started ${owner.startedAt}: ${owner.command})`
      : `another process (lock file ${join(dataDir, LOCK_FILE_NAME)} cannot be read)`;
    super(
      `The data folder ${dataDir} is in use by ${who}. Only one CIFER process may use an embedded database folder: stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to PostgreSQL for several instances).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is running.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.hostname !== 'string') return null;
    return { pid: owner.pid, hostname: owner.hostname, startedAt: String(owner.startedAt ?? 'unknown'), command: String(owner.command ?? 'unknown') };
  } catch {
    return null;
  }
}

export function isStale(owner: LockOwner, host = hostname()): boolean {
  return owner.hostname === host && owner.pid !== process.pid && !isRunning(owner.pid);
}

/** Takes the folder's lock or throws DataDirLockedError naming the folder and the owner. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString(), command: process.argv.slice(1).join(' ').slice(0, 300) };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (!owner || !isStale(owner)) throw new DataDirLockedError(folder, owner);
      // The owner is gone: take the folder over (one retry, so two starters cannot both win).
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(folder, readOwner(path));
}
