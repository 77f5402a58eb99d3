/// <reference lib="webworker" />
import { runPostures } from '../lib/run-postures.ts';
import type { PostureRequest } from './posture-messages.ts';

/**
 * Places the heat map's comparison postures with engine runs, off the main thread and apart from
 * the what-if worker (whose cached draws and latency it must not disturb). Only the latest
 * request is run: an older one's postures are asked for again if still needed.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let latest: PostureRequest | null = null;
let isScheduled = false;

function runLatest(): void {
  isScheduled = false;
  const request = latest;
  latest = null;
  if (request) scope.postMessage(runPostures(request));
}

scope.onmessage = (event: MessageEvent<PostureRequest>) => {
  latest = event.data;
  if (!isScheduled) {
    isScheduled = true;
    // A macrotask, so requests posted meanwhile replace this one first.
    setTimeout(runLatest, 0);
  }
};
