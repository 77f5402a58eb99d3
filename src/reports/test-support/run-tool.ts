import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs a command-line tool (pdftotext, pdftoppm, soffice) and returns its stdout. */
export async function runTool(command: string, args: readonly string[], timeoutMs = 120_000): Promise<string> {
  const { stdout } = await execFileAsync(command, [...args], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** A fresh temporary folder, removed by the returned cleanup. */
export async function makeTempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `cifer-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
