/// <reference lib="webworker" />
import { assessRisk } from '@/engine/assess-risk.ts';
import type { EngineRequest, EngineResponse } from './engine-messages.ts';

/**
 * Runs the risk engine off the main thread so what-if edits never freeze the page. One worker
 * lives as long as the results page, so the engine's cached draws (same profile, frameworks,
 * seed and iterations) are reused and a changed answer only re-scores. Each request is answered
 * twice: first without attribution (the headline numbers, posted as soon as they exist), then
 * with attribution and recommendations, unless a newer request has arrived meanwhile: only the
 * latest change matters.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let latest: EngineRequest | null = null;
let isScheduled = false;

function post(message: EngineResponse): void {
  scope.postMessage(message);
}

function schedule(task: () => void): void {
  // A macrotask, so requests posted meanwhile land in `latest` first.
  setTimeout(task, 0);
}

function runLatest(): void {
  isScheduled = false;
  const request = latest;
  if (!request) return;
  try {
    const started = performance.now();
    const fast = assessRisk(request.input, { seed: request.seed, iterations: request.iterations, attribution: false });
    post({ id: request.id, phase: 'fast', result: fast, computeMs: performance.now() - started, willRefine: request.withAttribution });
  } catch (error) {
    post({ id: request.id, phase: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (!request.withAttribution) return;
  schedule(() => {
    // A newer request skips the slower pass of this one (it is already scheduled itself).
    if (latest !== request) return;
    const started = performance.now();
    try {
      const full = assessRisk(request.input, { seed: request.seed, iterations: request.iterations, attribution: true });
      post({ id: request.id, phase: 'full', result: full, computeMs: performance.now() - started });
    } catch (error) {
      post({ id: request.id, phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
}

scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  latest = event.data;
  if (!isScheduled) {
    isScheduled = true;
    schedule(runLatest);
  }
};
