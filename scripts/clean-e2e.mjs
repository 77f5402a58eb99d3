// Empties the e2e data folders so every run starts on a fresh embedded database.
import { readdirSync, rmSync, existsSync } from 'node:fs';

if (existsSync('.tmp')) {
  for (const entry of readdirSync('.tmp')) if (entry.startsWith('e2e-data')) rmSync(`.tmp/${entry}`, { recursive: true, force: true });
}
