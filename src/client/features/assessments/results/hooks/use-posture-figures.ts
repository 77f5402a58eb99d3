import { startTransition, useEffect, useRef, useState } from 'react';
import type { PostureFigures, PostureRunSettings } from '@/engine/posture-figures.ts';
import { postureKey, type PostureToRun } from '../lib/likelihood-impact.ts';
import type { PostureRequest, PostureResponse } from '../workers/posture-messages.ts';

interface PostureFiguresState {
  /** Figures by posture key (`postureKey`): kept across requests, since the same key always gives the same figures. */
  figures: ReadonlyMap<string, PostureFigures>;
  error: string | null;
}

/**
 * Engine figures of the given postures, computed in a heat-map Web Worker with the given seed
 * and iterations (ADR 215). Figures already known are never asked for again, so during a what-if
 * only the postures that depend on the answers (the top recommendations applied) are re-run.
 * Returns the figures known so far; a posture without figures is still being computed.
 */
export function usePostureFigures(postures: readonly PostureToRun[], settings: PostureRunSettings) {
  const workerRef = useRef<Worker | null>(null);
  const nextId = useRef(0);
  const [state, setState] = useState<PostureFiguresState>({ figures: new Map(), error: null });
  const keyed = postures.map((p) => ({ key: postureKey(p.input, settings), input: p.input }));
  const missing = keyed.filter((p) => !state.figures.has(p.key));
  // One string for the effect: the set of postures still to run.
  const missingKeys = JSON.stringify(missing.map((p) => p.key));

  useEffect(() => {
    return () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (missing.length === 0) return;
    nextId.current += 1;
    const request: PostureRequest = { id: nextId.current, settings, postures: missing };
    try {
      // A transition: the heat map's figures arrive at any moment, often as the reader changes the next
      // what-if answer, whose headline must not wait for this render (ADR 315).
      const worker = (workerRef.current ??= createWorker((response) => startTransition(() => setState((s) => mergeResponse(s, response)))));
      worker.postMessage(request);
    } catch (error) {
      // No worker (a very old browser or a blocked script): say so instead of waiting forever.
      setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error) }));
    }
    // `missing` and `settings` are read through `missingKeys`, which names every key they produce.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingKeys]);

  return { figures: state.figures, keyOf: (p: PostureToRun) => postureKey(p.input, settings), error: state.error };
}

function createWorker(onResponse: (response: PostureResponse) => void): Worker {
  const worker = new Worker(new URL('../workers/heat-map.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<PostureResponse>) => onResponse(event.data);
  return worker;
}

function mergeResponse(state: PostureFiguresState, response: PostureResponse): PostureFiguresState {
  if ('error' in response) return { ...state, error: response.error };
  const figures = new Map(state.figures);
  for (const f of response.figures) figures.set(f.key, f.figures);
  return { figures, error: null };
}
