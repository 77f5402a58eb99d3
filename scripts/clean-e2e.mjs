// Empties the e2e data folders so every run starts on a fresh embedded database, and makes .tmp,
// where the shared servers copy the client build, on a fresh clone.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
for (const entry of readdirSync('.tmp')) if (entry.startsWith('e2e-data')) rmSync(`.tmp/${entry}`, { recursive: true, force: true });
