import type { FastifyBaseLogger } from 'fastify';
import { renderReportFile, type ReportFile, type ReportFileJob } from '@/reports/report-files.ts';
import { createThreadPool, type PoolSettings, type ThreadPoolKind } from '../thread-pool.ts';

/** Builds the report files for the whole app (ADR 323); `close()` stops its threads. */
export interface ReportRunner {
  render(job: ReportFileJob): Promise<{ file: Buffer; fileName: string }>;
  close(): Promise<void>;
}

/** A file as Node sends it; across the thread boundary it arrives as a plain Uint8Array. */
const asBuffer = ({ file, fileName }: ReportFile) => ({ file: Buffer.from(file.buffer, file.byteOffset, file.byteLength), fileName });

/** On the server's own thread (REPORT_THREADS=0): the API tests' default. */
export function createInProcessReportRunner(): ReportRunner {
  return {
    render: async (job) => asBuffer(await renderReportFile(job)),
    close: async () => {},
  };
}

/** The report pool: its entry registers tsx's ESM loader in the thread, then imports report-worker.ts. */
const REPORT_POOL: ThreadPoolKind = { name: 'report', entryUrl: new URL('./report-worker-entry.mjs', import.meta.url) };

/**
 * A pool of report threads (lib/thread-pool.ts): a board report PDF, deck or workbook is hundreds
 * of milliseconds of CPU, which on the event loop every other request of the process would wait
 * for. A thread that dies, or a file that fails to build, fails that download only, with an error
 * the error handler answers as a 500; piscina replaces the thread for the next one.
 */
export function createReportRunner(log: FastifyBaseLogger, options: PoolSettings): ReportRunner {
  const pool = createThreadPool<ReportFileJob, ReportFile>(log, REPORT_POOL, options);
  return {
    render: async (job) => asBuffer(await pool.run(job)),
    close: () => pool.close(),
  };
}
