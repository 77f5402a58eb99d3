/// <reference lib="webworker" />
import { assessRisk } from '@/engine/assess-risk.ts';
import type { EngineRequest, EngineResponse } from './engine-messages.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { WhatIfEngine, type WhatIfRun } from './what-if-engine.ts';

/**
 * Runs the risk engine off the main thread so what-if edits never freeze the page. One worker
 * lives as long as the results page, so the engine's cached draws (same profile, frameworks,
 * seed and iterations) are reused and a changed answer only re-scores. Each request is answered
 * twice: first without attribution (the headline numbers, posted as soon as they exist), then
 * with attribution and recommendations, unless a newer request has arrived meanwhile: only the
 * latest change matters. When idle, the worker foresees the next change: it computes the first
 * pass of every one-answer neighbour of the latest answers, one per task, so a change to one of
 * them is answered from memory (ADR 216), and posts each to the page, which shows it on the
 * change itself, without a round trip (ADR 283).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const whatIf = new WhatIfEngine();
let latest: EngineRequest | null = null;
let isScheduled = false;

function post(message: EngineResponse): void {
  scope.postMessage(message);
}

function schedule(task: () => void): void {
  // A macrotask, so requests posted meanwhile land in `latest` first.
  setTimeout(task, 0);
}

/**
 * One neighbour per task while this request is still the latest: a new change waits for one run at
 * most. `then` runs once every neighbour is known (the attribution pass: the next change's headline
 * comes before this change's charts, ADR 283).
 */
function foresee(request: WhatIfRun & EngineRequest, asked: EngineRequest, then?: () => void): void {
  if (latest !== asked) return;
  let hasMore = false;
  try {
    const toPage = (run: WhatIfRun, result: RiskResult) => post({ id: request.id, phase: 'foreseen', input: run.input, result });
    hasMore = whatIf.foreseeNext(request, toPage);
  } catch {
    // Foreseeing is an optimisation only: the change itself reports any error when it is made.
  }
  if (hasMore) schedule(() => foresee(request, asked, then));
  else if (then) schedule(then);
}

/** The server's own count of simulated years for this profile and seed (a precision-targeted run, ADR 102), found once. */
const serverIterations = new Map<string, number>();
function resolveIterations(request: EngineRequest): WhatIfRun & EngineRequest {
  if (request.iterations !== null) return { ...request, iterations: request.iterations };
  const key = JSON.stringify([{ ...request.input, factors: null }, request.seed]);
  let iterations = serverIterations.get(key);
  if (iterations === undefined) {
    iterations = assessRisk(request.input, { seed: request.seed, attribution: false }).iterations;
    serverIterations.set(key, iterations);
  }
  return { ...request, iterations };
}

function runLatest(): void {
  isScheduled = false;
  const latestRequest = latest;
  if (!latestRequest) return;
  let request: WhatIfRun & EngineRequest;
  try {
    request = resolveIterations(latestRequest);
  } catch (error) {
    post({ id: latestRequest.id, phase: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  try {
    const started = performance.now();
    const fast = whatIf.figures(request);
    if (!request.prepareOnly) post({ id: request.id, phase: 'fast', result: fast, computeMs: performance.now() - started, willRefine: request.withAttribution });
  } catch (error) {
    post({ id: request.id, phase: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (!request.withAttribution || request.prepareOnly) {
    schedule(() => foresee(request, latestRequest));
    return;
  }
  const fullPass = () => {
    // A newer request skips the slower pass of this one (it is already scheduled itself).
    if (latest !== latestRequest) return;
    const started = performance.now();
    try {
      const full = assessRisk(request.input, { seed: request.seed, iterations: request.iterations, attribution: true });
      post({ id: request.id, phase: 'full', result: full, computeMs: performance.now() - started });
    } catch (error) {
      post({ id: request.id, phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
  schedule(() => foresee(request, latestRequest, fullPass));
}

scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  latest = event.data;
  if (!isScheduled) {
    isScheduled = true;
    schedule(runLatest);
  }
};
