import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test, vi } from 'vitest';
import pino from 'pino';
import { assessRisk, type AssessRiskOptions } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { createUniformAnswers, SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { expectedLossOf, type EngineRun } from '@/reports/what-changed.ts';
import { createInProcessRunner, createWorkerRunner } from './engine-runner.ts';

const run = (seed: number, annualRevenueUsd = 20_000_000): EngineRun => ({
  input: { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd } },
  seed,
  iterations: 20_000,
});

/** Two answers not known: the path whose completion used to hold the event loop longest (ADR 258). */
const WITH_UNKNOWNS: RiskInput = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M1: 'unknown', A2: 'unknown' } };
const FULL_RUN = { seed: 7, iterations: 50_000, attribution: true } as const;

/** Turns of this thread's event loop while `job` is under way. */
async function turnsDuring(job: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const finished = job().finally(() => (done = true));
  while (!done) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    turns += 1;
  }
  await finished;
  return turns;
}

describe('the engine runner', () => {
  const worker = createWorkerRunner(pino({ level: 'silent' }), { threads: 2 });
  afterAll(() => worker.close());

  test("on the worker thread: the what-changed waterfall's figures as the engine gives them in this thread, answers matched to their runs", async () => {
    const runs = [run(7), run(8), run(7, 40_000_000)];
    const answers = await Promise.all(runs.map((r) => worker.expectedLoss(r)));
    expect(answers).toEqual(runs.map(expectedLossOf));
    expect(new Set(answers).size).toBe(3);
  });

  test('on the worker thread: a full run with unknown answers is the result the engine gives in this thread', async () => {
    const [onWorker, other] = await Promise.all([worker.assess(WITH_UNKNOWNS, FULL_RUN), worker.expectedLoss(run(7))]);
    expect(onWorker).toEqual(assessRisk(WITH_UNKNOWNS, FULL_RUN));
    expect(onWorker.annualLoss.expectedUsd).not.toBe(other);
  });

  test("while a full run is on the worker, this thread's event loop keeps turning; in process it waits for the run", async () => {
    const inProcess = createInProcessRunner();
    // A seed no other test runs: the test before ran FULL_RUN on one of the two threads, and a thread
    // that had kept that run's draws (assessRisk's cache) answered in two turns.
    const unseenRun = { ...FULL_RUN, seed: 11 };
    expect(await turnsDuring(() => worker.assess(WITH_UNKNOWNS, unseenRun))).toBeGreaterThan(20);
    expect(await turnsDuring(() => inProcess.assess(WITH_UNKNOWNS, FULL_RUN))).toBeLessThanOrEqual(2);
  });

  test("a run the engine refuses fails that run only, as the engine's RangeError, and the worker keeps answering", async () => {
    await expect(worker.expectedLoss({ ...run(7), iterations: -1 })).rejects.toThrow();
    await expect(worker.assess(SAMPLE_CLINIC_INPUT, { seed: -1 })).rejects.toBeInstanceOf(RangeError);
    await expect(worker.expectedLoss(run(9))).resolves.toBe(expectedLossOf(run(9)));
  });

  test('after close, a new run starts a new worker', async () => {
    await worker.close();
    await expect(worker.expectedLoss(run(10))).resolves.toBe(expectedLossOf(run(10)));
  });

  test('in process (the API tests): the same figures', async () => {
    const inProcess = createInProcessRunner();
    await expect(inProcess.expectedLoss(run(7))).resolves.toBe(expectedLossOf(run(7)));
    await expect(inProcess.assess(SAMPLE_CLINIC_INPUT, { seed: 3, iterations: 20_000, attribution: false })).resolves.toEqual(assessRisk(SAMPLE_CLINIC_INPUT, { seed: 3, iterations: 20_000, attribution: false }));
  });

  test('a run under way keeps the process alive until it is answered, and an idle worker lets it exit', async () => {
    // A process with nothing else to do: it awaits one run and then ends by itself, without close().
    const script = [
      "import pino from 'pino';",
      "import { SAMPLE_CLINIC_INPUT } from './src/engine/sample-inputs.ts';",
      "import { createWorkerRunner } from './src/server/lib/engine-worker/engine-runner.ts';",
      "const runner = createWorkerRunner(pino({ level: 'silent' }), { threads: 1 });",
      "console.log(await runner.expectedLoss({ input: SAMPLE_CLINIC_INPUT, seed: 7, iterations: 20000 }));",
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(Number(stdout.trim())).toBe(expectedLossOf({ input: SAMPLE_CLINIC_INPUT, seed: 7, iterations: 20_000 }));
  });

  describe('a pool of threads (ADR 269)', () => {
    /** Every answer unknown, with attribution: the slowest kind of run (ADR 268). */
    const SLOW: [RiskInput, AssessRiskOptions] = [{ ...SAMPLE_CLINIC_INPUT, frameworks: {}, factors: createUniformAnswers('unknown') }, { ...FULL_RUN, iterations: 100_000 }];

    /** The order in which a slow run and a short one started just after it finish. */
    async function finishingOrder(threads: number): Promise<string[]> {
      const pool = createWorkerRunner(pino({ level: 'silent' }), { threads });
      const order: string[] = [];
      try {
        // Start every thread first (each loads the engine once), so only the runs themselves are compared.
        await Promise.all(Array.from({ length: threads }, (_, k) => pool.expectedLoss(run(20 + k))));
        const slow = pool.assess(...SLOW).then(() => order.push('slow'));
        await new Promise<void>((resolve) => setImmediate(resolve));
        const short = pool.expectedLoss(run(7)).then(() => order.push('short'));
        await Promise.all([slow, short]);
      } finally {
        await pool.close();
      }
      return order;
    }

    test("with two threads a short run started after a slow one does not wait for it; with one it does", async () => {
      expect(await finishingOrder(2)).toEqual(['short', 'slow']);
      expect(await finishingOrder(1)).toEqual(['slow', 'short']);
    }, 120_000);
  });

  describe('with a stand-in worker (test/failing-engine-worker.ts) that answers 42 and crashes on a negative seed', () => {
    const standIn = new URL('../../test/failing-engine-worker.ts', import.meta.url);

    test("a worker that crashes fails its own jobs only: a job sent while its crash is reported goes to a new worker and is answered", async () => {
      const log = pino({ level: 'silent' });
      let sentDuringCrash: Promise<number> | undefined;
      const runner = createWorkerRunner(log, { threads: 1, workerUrl: standIn });
      // The runner reports the crash ('error') before the crashed thread's 'exit' arrives: a
      // request arriving in between must not be failed by that exit.
      vi.spyOn(log, 'error').mockImplementation(() => {
        sentDuringCrash = runner.expectedLoss(run(2));
      });
      try {
        await expect(runner.expectedLoss({ ...run(1), seed: -1 })).rejects.toThrow('crashed on purpose');
        expect(sentDuringCrash).toBeDefined();
        await expect(sentDuringCrash).resolves.toBe(42);
        await expect(runner.expectedLoss(run(3))).resolves.toBe(42);
      } finally {
        await runner.close();
      }
    });

    test('an answer of the other kind fails the job instead of passing as its result', async () => {
      const runner = createWorkerRunner(pino({ level: 'silent' }), { threads: 1, workerUrl: standIn });
      try {
        await expect(runner.assess(SAMPLE_CLINIC_INPUT, { seed: 1 })).rejects.toThrow('answered a full run with a number');
        await expect(runner.expectedLoss(run(1))).resolves.toBe(42);
      } finally {
        await runner.close();
      }
    });
  });
});
