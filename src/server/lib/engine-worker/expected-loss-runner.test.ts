import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import pino from 'pino';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { expectedLossOf, type EngineRun } from '@/reports/what-changed.ts';
import { createInProcessRunner, createWorkerRunner } from './expected-loss-runner.ts';

const run = (seed: number, annualRevenueUsd = 20_000_000): EngineRun => ({
  input: { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd } },
  seed,
  iterations: 20_000,
});

describe('the engine runs of the what-changed waterfall', () => {
  const worker = createWorkerRunner(pino({ level: 'silent' }));
  afterAll(() => worker.close());

  test('on the worker thread: the same figure as the engine in this thread, run for run, answers matched to their runs', async () => {
    const runs = [run(7), run(8), run(7, 40_000_000)];
    const answers = await Promise.all(runs.map((r) => worker.expectedLoss(r)));
    expect(answers).toEqual(runs.map(expectedLossOf));
    expect(new Set(answers).size).toBe(3);
  });

  test('a run the engine refuses fails that run only, and the worker keeps answering', async () => {
    await expect(worker.expectedLoss({ ...run(7), iterations: -1 })).rejects.toThrow();
    await expect(worker.expectedLoss(run(9))).resolves.toBe(expectedLossOf(run(9)));
  });

  test('after close, a new run starts a new worker', async () => {
    await worker.close();
    await expect(worker.expectedLoss(run(10))).resolves.toBe(expectedLossOf(run(10)));
  });

  test('in process (tests, fallback): the same figures', async () => {
    await expect(createInProcessRunner().expectedLoss(run(7))).resolves.toBe(expectedLossOf(run(7)));
  });

  test('a run under way keeps the process alive until it is answered, and an idle worker lets it exit', async () => {
    // A process with nothing else to do: it awaits one run and then ends by itself, without close().
    const script = [
      "import pino from 'pino';",
      "import { SAMPLE_CLINIC_INPUT } from './src/engine/sample-inputs.ts';",
      "import { createWorkerRunner } from './src/server/lib/engine-worker/expected-loss-runner.ts';",
      "const runner = createWorkerRunner(pino({ level: 'silent' }));",
      "console.log(await runner.expectedLoss({ input: SAMPLE_CLINIC_INPUT, seed: 7, iterations: 20000 }));",
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(Number(stdout.trim())).toBe(expectedLossOf({ input: SAMPLE_CLINIC_INPUT, seed: 7, iterations: 20_000 }));
  });
});
