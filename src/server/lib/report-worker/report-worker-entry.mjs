/**
 * The first module of a report pool thread (report-runner.ts, ADR 323): plain JavaScript, so any
 * Node the package supports loads it (a Node 20 worker refuses a .ts entry, ADR 276). Unlike the
 * engine's entry (engine-worker-entry.cjs) it registers tsx's ESM loader, not its require hook: the
 * renderers' packages are ES modules only (@react-pdf/renderer's exports have no "require"
 * condition, and its layout engine, yoga-layout, uses top-level await), which require() cannot load.
 * It then imports the TypeScript task module, report-worker.ts unless the runner names a test's
 * stand-in in piscina's workerData, and hands piscina its default export, the job handler.
 */
import { workerData } from 'piscina';
import { register } from 'tsx/esm/api';

register();
const standIn = workerData && workerData.script;
const { default: handler } = await import(standIn || './report-worker.ts');
export default handler;
