/**
 * CI's lockfile check (ADRs 179, 238): package-lock.json must describe exactly the
 * dependencies package.json declares (same names and ranges) and the root fields npm copies from it
 * (name, version, bin, engines), every locked package must have a version, and none may come from
 * git, a tarball URL over plain http or a file outside the repo. (This repository's lock omits
 * registry URLs, see .npmrc; where an entry has them, the URL must be https.)
 * For `npm ci` on every platform we support (ADR 238): every optional dependency a locked package
 * declares is itself in the lock, and every family of per-platform builds (esbuild, rollup, tailwind
 * oxide, lightningcss, argon2, …) has a build for linux-x64, darwin-x64 and darwin-arm64.
 * With `--engine-warnings <npm output>`: npm on the README's Node 20 may warn EBADENGINE only for the
 * packages the README names (they run on the project's own Node 24, never on Node 20).
 * Exits non-zero listing every problem.
 */
import { readFileSync } from 'node:fs';

/** The README's "Install" paragraph names these; change both together. */
const DOCUMENTED_ENGINE_WARNINGS = ['commander', 'content-disposition', 'cookie'];
const REQUIRED_PLATFORMS = [
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
];
const ROOT_FIELDS_NPM_COPIES = ['name', 'version', 'bin', 'engines'];

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages ?? {};
const problems = [];

if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion} is too old (need 2 or 3)`);
problems.push(...rootDependencyProblems(), ...rootFieldProblems(), ...entryProblems(), ...optionalDependencyProblems());
const engineLogIndex = process.argv.indexOf('--engine-warnings');
if (engineLogIndex > 0) problems.push(...engineWarningProblems(readFileSync(process.argv[engineLogIndex + 1], 'utf8')));

if (problems.length > 0) {
  console.error(`package-lock.json check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `package-lock.json matches package.json; ${Object.keys(packages).length - 1} locked packages, none from git, http or outside files; ` +
    'every per-platform build family has linux-x64, darwin-x64 and darwin-arm64.',
);

function rootDependencyProblems() {
  const root = packages[''] ?? {};
  const found = [];
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const declared = manifest[field] ?? {};
    const locked = root[field] ?? {};
    for (const [name, range] of Object.entries(declared)) {
      if (locked[name] !== range) found.push(`${field}.${name}: package.json has ${range}, the lock has ${locked[name] ?? 'nothing'}`);
    }
    for (const name of Object.keys(locked)) if (!(name in declared)) found.push(`${field}.${name} is in the lock but not in package.json`);
  }
  return found;
}

/** npm rewrites the lock's root entry when these differ from package.json, so `npm install` would change the committed lock. */
function rootFieldProblems() {
  const root = packages[''] ?? {};
  const expected = { ...manifest, bin: typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : manifest.bin };
  return ROOT_FIELDS_NPM_COPIES.filter((field) => canonical(expected[field]) !== canonical(root[field])).map(
    (field) => `root ${field}: package.json has ${canonical(expected[field])}, the lock has ${canonical(root[field])}`,
  );
}

function entryProblems() {
  const found = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '' || entry.link) continue;
    if (!entry.version) found.push(`${path}: no version`);
    if (entry.resolved && !entry.resolved.startsWith('https://')) found.push(`${path}: resolved from ${entry.resolved} (only https registry URLs are allowed)`);
  }
  return found;
}

/** A declared optional dependency missing from the lock makes `npm ci` refuse the lock as out of sync (ADR 006). */
function optionalDependencyProblems() {
  const found = [];
  for (const [path, entry] of Object.entries(packages)) {
    const names = Object.keys(entry.optionalDependencies ?? {});
    const located = names.map((name) => ({ name, at: locate(path, name) }));
    for (const { name, at } of located) if (!at) found.push(`${path || 'root'}: optional dependency ${name} is not in the lock`);
    const builds = located.filter(({ at }) => at && isPlatformSpecific(packages[at])).map(({ at }) => packages[at]);
    if (new Set(builds.flatMap((build) => build.os ?? [])).size < 2) continue; // no family, or a one-OS helper such as fsevents
    for (const platform of REQUIRED_PLATFORMS) {
      if (!builds.some((build) => runsOn(build, platform))) found.push(`${path}: no build for ${platform.os}-${platform.cpu} among its optional dependencies`);
    }
  }
  return found;
}

function engineWarningProblems(npmOutput) {
  const warned = [...npmOutput.matchAll(/EBADENGINE\s+package: '(@?[^@']+)@/g)].map((match) => match[1]);
  return [...new Set(warned)]
    .filter((name) => !DOCUMENTED_ENGINE_WARNINGS.includes(name))
    .map((name) => `npm warned EBADENGINE for ${name}, which the README's "Install" paragraph does not name: replace it, or name it there and in scripts/check-lockfile.mjs`);
}

/** Node's own resolution: the nearest node_modules folder upwards from the package that depends on it. */
function locate(fromPath, name) {
  let base = fromPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

function isPlatformSpecific(entry) {
  return Boolean(entry.os || entry.cpu);
}

/** A build names its OS and CPU; a helper for any CPU (fsevents beside rollup's builds) is not one. */
function runsOn(entry, { os, cpu, libc }) {
  const names = (list, value) => Boolean(list?.includes(value));
  return names(entry.os, os) && names(entry.cpu, cpu) && (!libc || !entry.libc || names(entry.libc, libc));
}

function canonical(value) {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
    .join(',')}}`;
}
