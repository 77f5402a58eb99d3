// Builds the client before `npm start` when there is no build yet or the sources are newer,
// so `npm install && npm start` works on a fresh clone and after a pull.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const builtIndex = 'dist/client/index.html';

// CLIENT_DIST_DIR pointing elsewhere means the server serves that folder (a build made elsewhere,
// or none: the API alone); building dist/client would not change what is served (ADR 180).
if (process.env.CLIENT_DIST_DIR && resolve(process.env.CLIENT_DIST_DIR) !== resolve('dist/client')) process.exit(0);
const sourceRoots = ['src/client', 'src/contracts', 'src/engine', 'src/reports', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sourceRoots.map(newestMtime));
if (builtAt === 0 || sourcesAt > builtAt) {
  console.log(builtAt === 0 ? 'No client build yet: building it once…' : 'Client sources changed: rebuilding…');
  // Always a production bundle: a NODE_ENV=development inherited from the shell (or the e2e
  // harness) would otherwise make Vite ship React's development build.
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
