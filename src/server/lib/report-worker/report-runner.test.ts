import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import pino from 'pino';
import { runModelRunsHere } from '@/reports/model-runs.ts';
import { reportRuns } from '@/reports/report-model.ts';
import type { ReportFileJob, ReportFileKind } from '@/reports/report-files.ts';
import { buildSampleReportSource } from '@/reports/test-fixtures.ts';
import { createReportRunner } from './report-runner.ts';

/**
 * What the real report pool gives, measured in a process of its own started as the server is
 * (`node --import tsx`): inside vitest's test process a report thread loading the renderers did
 * not answer within 120 s (cause not found; the stand-in below, which loads none, does). For each
 * kind: whether the file and its name equal the in-process runner's (a PDF byte for byte without
 * the moment it was written; a deck or workbook by the names of its parts), and how many turns this thread's event loop made while the pool and the
 * in-process runner built it.
 */
const CHILD_SCRIPT = `
import JSZip from 'jszip';
import pino from 'pino';
import { runModelRunsHere } from './src/reports/model-runs.ts';
import { reportRuns } from './src/reports/report-model.ts';
import { buildSampleReportSource } from './src/reports/test-fixtures.ts';
import { createInProcessReportRunner, createReportRunner } from './src/server/lib/report-worker/report-runner.ts';
const source = buildSampleReportSource();
const runResults = runModelRunsHere(reportRuns(source.assessment.input, source.assessment.result, null));
const job = (kind) => ({ kind, source, runResults, logo: null });
const pool = createReportRunner(pino({ level: 'silent' }), { threads: 1 });
const here = createInProcessReportRunner();
async function turnsDuring(work) {
  let turns = 0, done = false;
  const finished = work().finally(() => (done = true));
  while (!done) { await new Promise((resolve) => setImmediate(resolve)); turns += 1; }
  return { value: await finished, turns };
}
// A deck or workbook is a zip whose parts carry the moment and ids of their writing: compared by its parts' names.
const partsOf = async (file) => Object.keys((await JSZip.loadAsync(file)).files).sort().join(',');
const withoutDates = (file) => file.toString('latin1').replace(/\\(D:[0-9]+Z\\)/g, '').replace(/\\/ID \\[[^\\]]*\\]/g, '');
await pool.render(job('xlsx'));
const answer = {};
for (const kind of ['pdf', 'pptx', 'xlsx']) {
  const mine = await turnsDuring(() => here.render(job(kind)));
  const theirs = await turnsDuring(() => pool.render(job(kind)));
  answer[kind] = {
    sameName: theirs.value.fileName === mine.value.fileName,
    sameFile: kind === 'pdf' ? withoutDates(theirs.value.file) === withoutDates(mine.value.file) : (await partsOf(theirs.value.file)) === (await partsOf(mine.value.file)),
    turnsInProcess: mine.turns,
    turnsOnPool: theirs.turns,
  };
}
await pool.close();
console.log(JSON.stringify(answer));
`;

describe('the report runner (ADR 323)', () => {
  test("on a report thread: the files the renderers give on this thread, while this thread's event loop keeps turning; in process it mostly waits", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD_SCRIPT], { timeout: 280_000 });
    const answer = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<ReportFileKind, { sameName: boolean; sameFile: boolean; turnsInProcess: number; turnsOnPool: number }>;
    for (const kind of ['pdf', 'pptx', 'xlsx'] as const) expect(answer[kind], kind).toMatchObject({ sameName: true, sameFile: true });
    expect(answer.pdf.turnsOnPool).toBeGreaterThan(20);
    expect(answer.pdf.turnsOnPool).toBeGreaterThan(2 * answer.pdf.turnsInProcess);
  }, 300_000);

  test('a thread that dies fails its own download only, with an error, and the next one is answered by a new thread', async () => {
    const source = buildSampleReportSource();
    const runResults = runModelRunsHere(reportRuns(source.assessment.input, source.assessment.result, null));
    const job = (kind: ReportFileKind): ReportFileJob => ({ kind, source, runResults, logo: null });
    const standIn = createReportRunner(pino({ level: 'silent' }), { threads: 1, workerUrl: new URL('../../test/failing-report-worker.ts', import.meta.url) });
    try {
      await expect(standIn.render(job('pptx'))).rejects.toThrow('crashed on purpose');
      const next = await standIn.render(job('pdf'));
      expect(next).toEqual({ file: Buffer.from('stand-in pdf'), fileName: 'stand-in.pdf' });
    } finally {
      await standIn.close();
    }
  }, 120_000);
});
