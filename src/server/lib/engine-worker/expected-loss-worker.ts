/**
 * The worker side of expected-loss-runner.ts: re-runs of the engine for the what-changed
 * waterfall, off the server's event loop (ADR 128). One message in, one answer out, in order.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { expectedLossOf, type EngineRun } from '@/reports/what-changed.ts';

export interface EngineRunRequest {
  readonly id: number;
  readonly run: EngineRun;
}

export type EngineRunAnswer = { readonly id: number; readonly expectedUsd: number } | { readonly id: number; readonly error: string };

const port = parentPort;
if (!port) throw new Error('expected-loss-worker.ts runs only as a worker thread');
// The lowest CPU priority, for this thread only (on Linux a thread has its own nice value): the
// requests the server answers meanwhile, and on a shared machine the browser, go first.
try {
  setPriority(19);
} catch {
  // Not permitted here: the runs still leave the event loop free.
}
port.on('message', ({ id, run }: EngineRunRequest) => {
  let answer: EngineRunAnswer;
  try {
    answer = { id, expectedUsd: expectedLossOf(run) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
