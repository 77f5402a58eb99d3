import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

/** ADR 179: CI's lockfile check passes on this repository and fails, naming the problem, on a drifted or unsafe lock. */

const script = resolve('scripts/check-lockfile.mjs');

/** `npmOutput`: what `npm ci` printed, checked for engine warnings. */
function check(manifest: unknown, lock: unknown, npmOutput?: string) {
  const folder = mkdtempSync(join(tmpdir(), 'cifer-lock-check-'));
  writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(folder, 'package-lock.json'), JSON.stringify(lock));
  if (npmOutput !== undefined) writeFileSync(join(folder, 'npm.log'), npmOutput);
  const args = npmOutput === undefined ? [script] : [script, '--engine-warnings', 'npm.log'];
  const run = spawnSync(process.execPath, args, { cwd: folder, encoding: 'utf8' });
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

type LockEntry = { version?: string; os?: string[]; cpu?: string[]; optionalDependencies?: Record<string, string>; bin?: Record<string, string> };

function repositoryFiles() {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
  return { manifest, lock };
}

test('ADR 238: a platform build missing from the lock, a family without a macOS build and a stale root bin are each named', () => {
  const { manifest, lock } = repositoryFiles();
  const broken = structuredClone(lock);
  delete broken.packages['node_modules/@rollup/rollup-darwin-arm64'];
  broken.packages['node_modules/native-thing'] = { version: '1.0.0', optionalDependencies: { 'native-thing-linux-x64': '1.0.0', 'native-thing-win32-x64': '1.0.0' } };
  broken.packages['node_modules/native-thing-linux-x64'] = { version: '1.0.0', os: ['linux'], cpu: ['x64'] };
  broken.packages['node_modules/native-thing-win32-x64'] = { version: '1.0.0', os: ['win32'], cpu: ['x64'] };
  delete broken.packages['']!.bin;
  const result = check(manifest, broken);
  expect(result.status).toBe(1);
  expect(result.output).toContain('node_modules/rollup: optional dependency @rollup/rollup-darwin-arm64 is not in the lock');
  // fsevents (darwin, any CPU) sits beside rollup's builds but is not a darwin-arm64 build of rollup
  expect(result.output).toContain('node_modules/rollup: no build for darwin-arm64');
  expect(result.output).toContain('node_modules/native-thing: no build for darwin-x64');
  expect(result.output).toContain('node_modules/native-thing: no build for darwin-arm64');
  expect(result.output).not.toContain('node_modules/native-thing: no build for linux-x64');
  expect(result.output).toContain('root bin: package.json has {"cifer-mcp":"scripts/cifer-mcp.mjs"}, the lock has nothing');
});

test('ADR 238: only the engine warnings the README names pass', () => {
  const { manifest, lock } = repositoryFiles();
  const warning = (name: string) => `npm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: '${name}@9.0.0',\nnpm warn EBADENGINE   required: { node: '>=22' },\n`;
  const run = (output: string) => check(manifest, lock, output);
  expect(run(`${warning('cookie')}${warning('commander')}${warning('content-disposition')}\nadded 1360 packages`).status).toBe(0);
  const undocumented = run(`${warning('cookie')}${warning('@scope/new-thing')}`);
  expect(undocumented.status).toBe(1);
  expect(undocumented.output).toContain('npm warned EBADENGINE for @scope/new-thing');
  expect(undocumented.output).not.toContain('EBADENGINE for cookie');
});
