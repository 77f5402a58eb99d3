// Builds the client before `npm start` when there is no build yet or the sources are newer,
// so `npm install && npm start` works on a fresh clone and after a pull.
//
//   node scripts/ensure-build.mjs [command args…]
//
// With a command (package.json's start and cluster), this process then runs it and stays its only
// parent: SIGINT, SIGTERM and SIGHUP sent to `npm start` reach npm, npm passes them to this
// process, and this process passes them on to the build or the server, then exits with its code.
// A shell chain (`ensure-build && tsx …`) left the server running: the shell died of the signal
// and nobody told its child (docs/decisions/279-signals-reach-the-server.md).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';

const builtIndex = 'dist/client/index.html';
const sourceRoots = ['src/client', 'src/contracts', 'src/engine', 'src/reports', 'vite.config.ts', 'package-lock.json'];
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/client must be (re)built; never when CLIENT_DIST_DIR points elsewhere (that folder is served, ADR 180). */
function buildNeeded() {
  if (process.env.CLIENT_DIST_DIR && resolve(process.env.CLIENT_DIST_DIR) !== resolve('dist/client')) return false;
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...sourceRoots.map(newestMtime)) <= builtAt) return false;
  console.log(builtAt === 0 ? 'No client build yet: building it once…' : 'Client sources changed: rebuilding…');
  return true;
}

let current = null;
let stopSignal = null;
for (const signal of FORWARDED) {
  process.on(signal, () => {
    stopSignal ??= signal;
    current?.kill(signal);
    if (!current) process.exit(128 + constants.signals[signal]);
  });
}

/** Runs one child with the terminal; resolves with its exit code (128 + signal number when a signal ended it). */
function run(command, args, env = process.env) {
  return new Promise((resolvePromise) => {
    current = spawn(command, args, { stdio: 'inherit', env });
    current.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolvePromise(127);
    });
    current.once('exit', (code, signal) => {
      current = null;
      resolvePromise(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

if (buildNeeded()) {
  // Always a production bundle: a NODE_ENV=development inherited from the shell (or the e2e
  // harness) would otherwise make Vite ship React's development build.
  const code = await run('npx', ['vite', 'build'], { ...process.env, NODE_ENV: 'production' });
  if (code !== 0) process.exit(code);
}
const [command, ...args] = process.argv.slice(2);
// A signal during the build stops there: the server is not started after the operator asked to stop.
if (stopSignal) process.exit(128 + constants.signals[stopSignal]);
if (command) process.exit(await run(command, args));
