/**
 * CI's lockfile check (ADR 179): package-lock.json must describe exactly the
 * dependencies package.json declares (same names and ranges), every locked package must have a
 * version, and none may come from git, a tarball URL over plain http or a file outside the repo.
 * (This repository's lock omits registry URLs and hashes, see ADR 006; where an entry has them,
 * the URL must be https.)
 * Exits non-zero listing every problem.
 */
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const problems = [];

if (lock.lockfileVersion < 2) problems.push(`lockfileVersion ${lock.lockfileVersion} is too old (need 2 or 3)`);
const root = lock.packages?.[''] ?? {};
for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
  const declared = manifest[field] ?? {};
  const locked = root[field] ?? {};
  for (const [name, range] of Object.entries(declared)) {
    if (locked[name] !== range) problems.push(`${field}.${name}: package.json has ${range}, the lock has ${locked[name] ?? 'nothing'}`);
  }
  for (const name of Object.keys(locked)) if (!(name in declared)) problems.push(`${field}.${name} is in the lock but not in package.json`);
}
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (path === '' || entry.link) continue;
  if (!entry.version) problems.push(`${path}: no version`);
  if (entry.resolved && !entry.resolved.startsWith('https://')) problems.push(`${path}: resolved from ${entry.resolved} (only https registry URLs are allowed)`);
}

if (problems.length > 0) {
  console.error(`package-lock.json check failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`package-lock.json matches package.json; ${Object.keys(lock.packages ?? {}).length - 1} locked packages, none from git, http or outside files.`);
