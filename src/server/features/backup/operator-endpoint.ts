import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { WrittenBackup } from './manifest.ts';

/**
 * How `npm run backup` asks the running server for a backup of its embedded database (ADR 234).
 * The server owns the data folder (ADR 174), so the backup is taken inside the server. It listens on
 * 127.0.0.1 on a port of its own (never the public port, never behind the reverse proxy) and writes
 * that address with a random key into `<DATA_DIR>/backup.key` (mode 0600): whoever may read the data
 * folder, and only they, may ask for a copy of it.
 */
export const OPERATOR_FILE_NAME = 'backup.key';

interface OperatorFile {
  url: string;
  key: string;
  pid: number;
}

export interface BackupAnswer {
  dataPath: string;
  manifestPath: string;
  createdAt: string;
  tables: number;
}

export interface OperatorEndpoint {
  readonly url: string;
  close(): Promise<void>;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

function isAuthorized(request: IncomingMessage, key: string): boolean {
  const header = request.headers.authorization ?? '';
  const presented = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(presented), digest(key));
}

export async function startOperatorEndpoint(options: { dataDir: string; takeBackup: () => Promise<WrittenBackup>; log: FastifyBaseLogger }): Promise<OperatorEndpoint> {
  const key = randomBytes(32).toString('hex');
  const filePath = join(options.dataDir, OPERATOR_FILE_NAME);
  const server = createServer((request, response) => {
    // The body is never read: the one operation takes no input.
    request.resume();
    if (request.method !== 'POST' || request.url !== '/backup') return sendJson(response, 404, { error: 'not_found' });
    if (!isAuthorized(request, key)) return sendJson(response, 401, { error: 'unauthorized' });
    options.takeBackup().then(
      (backup) => sendJson(response, 200, { dataPath: backup.dataPath, manifestPath: backup.manifestPath, createdAt: backup.manifest.createdAt, tables: backup.manifest.tables.length } satisfies BackupAnswer),
      (error: unknown) => {
        options.log.error({ err: error }, 'backup on request failed');
        sendJson(response, 500, { error: 'backup_failed', message: error instanceof Error ? error.message : 'backup failed' });
      },
    );
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolvePromise());
  });
  server.unref();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file: OperatorFile = { url, key, pid: process.pid };
  writeFileSync(`${filePath}.partial`, JSON.stringify(file), { mode: 0o600 });
  renameSync(`${filePath}.partial`, filePath);
  return {
    url,
    async close() {
      // Only our own file: a later server on the folder writes its own.
      if (existsSync(filePath) && readFileSync(filePath, 'utf8').includes(key)) rmSync(filePath, { force: true });
      await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
    },
  };
}

/** The script's side: asks the server running on `dataDir` for a backup; null when no server has written its file. */
export async function requestBackupFromServer(dataDir: string): Promise<BackupAnswer | null> {
  const filePath = join(dataDir, OPERATOR_FILE_NAME);
  if (!existsSync(filePath)) return null;
  const file = JSON.parse(readFileSync(filePath, 'utf8')) as OperatorFile;
  const response = await fetch(`${file.url}/backup`, { method: 'POST', headers: { authorization: `Bearer ${file.key}` } });
  const body = (await response.json()) as BackupAnswer & { message?: string; error?: string };
  if (!response.ok) throw new Error(`The server refused the backup (${response.status}): ${body.message ?? body.error ?? 'no reason given'}`);
  return body;
}
