/**
 * The engine worker thread's first module: plain JavaScript, so any Node the package supports
 * loads it (on Node 20 a worker ignores `--import tsx` for its own entry and refuses a .ts one).
 * It registers tsx's loader in this thread, then imports the TypeScript worker named by the runner
 * (engine-worker.ts, or a test's stand-in) as argv[2]. ADR 276.
 */
import { register } from 'tsx/esm/api';

register();
const script = process.argv[2];
if (!script) throw new Error('engine-worker-entry.mjs: the worker script URL is missing');
await import(script);
