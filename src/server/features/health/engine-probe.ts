import type { FastifyBaseLogger } from 'fastify';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { EngineRunner } from '../../lib/engine-worker/engine-runner.ts';

/** A small fixed run: enough to prove the worker loads and runs the engine, quick on any machine. */
const PROBE_RUN = { input: SAMPLE_CLINIC_INPUT, seed: 1, iterations: 2_000 } as const;

export const ENGINE_NOT_READY_MESSAGE = 'The risk model is not ready yet';

/** How long /readyz waits for a probe run under way before it answers 503 (a run takes well under a second). */
const PROBE_WAIT_MS = 3_000;

export interface EngineProbe {
  /** Starts a probe run unless one passed or is under way (at start-up, and on each /readyz until one passes). */
  start(): void;
  /** Whether a probe run has answered a positive expected loss, starting one and waiting a little for it if needed. */
  passed(): Promise<boolean>;
}

/**
 * /readyz says ready only once the model runs on this instance (ADR 276): a worker that cannot
 * load the engine (e.g. TypeScript on a Node it does not support) would otherwise answer 500 to
 * every completion behind a 200 readiness. Once passed it stays passed: a later crash of the
 * worker fails only its own runs and the next run starts a new worker (engine-runner.ts).
 */
export function createEngineProbe(engine: Pick<EngineRunner, 'expectedLoss'>, log: Pick<FastifyBaseLogger, 'error'>): EngineProbe {
  let passed = false;
  let running: Promise<void> | null = null;
  const start = () => {
    if (passed || running) return;
    running = Promise.resolve()
      .then(() => engine.expectedLoss(PROBE_RUN))
      .then((loss) => {
        if (!(Number.isFinite(loss) && loss > 0)) throw new Error(`The probe run answered ${loss}`);
        passed = true;
      })
      .catch((error: unknown) => log.error({ err: error }, 'engine probe run failed: not ready'))
      .finally(() => (running = null));
  };
  return {
    start,
    async passed() {
      start();
      if (running) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, PROBE_WAIT_MS)))]);
        clearTimeout(timer);
      }
      return passed;
    },
  };
}
