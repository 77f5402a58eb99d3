import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

/** ADR 179: CI's lockfile check passes on this repository and fails, naming the problem, on a drifted or unsafe lock. */

const script = resolve('scripts/check-lockfile.mjs');

function check(manifest: unknown, lock: unknown) {
  const folder = mkdtempSync(join(tmpdir(), 'cifer-lock-check-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(folder, 'package-lock.json'), JSON.stringify(lock));
  const run = spawnSync(process.execPath, [script], { cwd: folder, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the repository lock passes', () => {
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
});

test('a dependency missing from the lock, a package from git and one over plain http are each named, and the check fails', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string; resolved?: string }> };
  const drifted = { ...manifest, dependencies: { ...manifest.dependencies, 'left-pad': '^1.3.0' } };
  const unsafe = structuredClone(lock);
  unsafe.packages['node_modules/from-git'] = { version: '1.0.0', resolved: 'git+ssh://git@example.com/x.git#abc' };
  unsafe.packages['node_modules/over-http'] = { version: '1.0.0', resolved: 'http://registry.example.com/over-http-1.0.0.tgz' };
  unsafe.packages['node_modules/no-version'] = {};
  const result = check(drifted, unsafe);
  expect(result.status).toBe(1);
  expect(result.output).toContain('dependencies.left-pad: package.json has ^1.3.0, the lock has nothing');
  expect(result.output).toContain('node_modules/from-git: resolved from git+ssh://');
  expect(result.output).toContain('node_modules/over-http: resolved from http://');
  expect(result.output).toContain('node_modules/no-version: no version');
});
