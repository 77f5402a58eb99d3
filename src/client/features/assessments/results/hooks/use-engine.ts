import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { FACTORS } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import type { EngineRequest, EngineResponse } from '../workers/engine-messages.ts';

/** Simulated years of a what-if without a saved result (the demo); the heat-map demo runs its postures with the same count. */
export const WHAT_IF_ITERATIONS = 100_000;

interface EngineState {
  /** Headline numbers of the latest run (the fast pass: no attribution). Drawn first. */
  headline: RiskResult | null;
  /**
   * What charts and tables draw: the latest run's numbers, with its attribution and
   * recommendations once `isResultComplete` (until then the previous run's).
   */
  result: RiskResult | null;
  isResultComplete: boolean;
  /** True while a newer input is being computed. */
  isComputing: boolean;
  /** True while attribution and recommendations are being recomputed. */
  isRefining: boolean;
  error: string | null;
}

interface Shown<T> {
  id: number;
  value: T;
}

interface Details extends Shown<RiskResult | null> {
  isComplete: boolean;
}

/** The parts only the full (attribution) run computes: carried together so the lists and the joint plan never come from different runs. */
function attributionParts(result: RiskResult): Pick<RiskResult, 'attribution' | 'recommendations' | 'recommendationsNotWorthIt' | 'requiredControls' | 'fixPlan'> {
  const { attribution, recommendations, recommendationsNotWorthIt, requiredControls, fixPlan } = result;
  return { attribution, recommendations, recommendationsNotWorthIt, requiredControls, fixPlan };
}

/** Foreseen first passes kept on the page: the current answers' neighbours, and those of the few before. */
const MAX_FORESEEN = 200;

/** One key per run: the profile and frameworks, and the answers in catalogue order (the hook's seed and years never change). */
function inputKey(input: RiskInput): string {
  return JSON.stringify([{ ...input, factors: null }, FACTORS.map((f) => input.factors[f.id] ?? null)]);
}

/** Marks `name` in the next animation frame, i.e. the frame that paints what was just committed. */
function markNextFrame(id: number, phase: 'visible' | 'full'): void {
  const change = `cifer:whatif:${id}:change`;
  if (performance.getEntriesByName(change).length === 0) return;
  requestAnimationFrame(() => {
    const name = `cifer:whatif:${id}:${phase}`;
    if (performance.getEntriesByName(name).length > 0) return;
    performance.mark(name);
    performance.measure(`${name}:ms`, change, name);
  });
}

type EngineStatus = Pick<EngineState, 'isComputing' | 'isRefining' | 'error'>;

interface MessageContext {
  latestId: RefObject<number>;
  foreseen: RefObject<Map<string, RiskResult>>;
  setHeadline: Dispatch<SetStateAction<Shown<RiskResult | null>>>;
  setDetails: Dispatch<SetStateAction<Details>>;
  setStatus: Dispatch<SetStateAction<EngineStatus>>;
}

/** One answer of the worker: a foreseen change kept, or the headline or details of the latest run shown. */
function onEngineMessage(message: EngineResponse, ctx: MessageContext): void {
  if (message.phase === 'foreseen') {
    const kept = ctx.foreseen.current;
    if (kept.size >= MAX_FORESEEN) kept.delete(kept.keys().next().value as string);
    kept.set(inputKey(message.input), message.result);
    return;
  }
  if (message.id !== ctx.latestId.current) return;
  if (message.phase === 'error') {
    ctx.setStatus({ isComputing: false, isRefining: false, error: message.message });
    return;
  }
  const { id, result } = message;
  if (message.phase === 'fast') {
    const { willRefine } = message;
    // A foreseen change already shows these figures (the same run, ADR 283): keeping that object
    // spares a second render of the headline while the reader may already be changing the next answer.
    ctx.setHeadline((h) => (h.id === id && h.value ? h : { id, value: result }));
    ctx.setStatus({ isComputing: false, isRefining: willRefine, error: null });
    startTransition(() =>
      ctx.setDetails((d) => ({
        id,
        isComplete: !willRefine,
        // Keep the previous attribution on screen (marked as updating) until the new one arrives.
        value: willRefine && d.value ? { ...result, ...attributionParts(d.value) } : result,
      })),
    );
    return;
  }
  startTransition(() => {
    ctx.setDetails((d) => ({
      id,
      isComplete: true,
      value: d.id === id && d.value ? { ...d.value, ...attributionParts(result) } : result,
    }));
    ctx.setStatus((s) => (id === ctx.latestId.current ? { ...s, isRefining: false } : s));
  });
}

/**
 * The engine in one persistent Web Worker. `run(input)` supersedes any earlier run.
 *
 * Every run is answered twice by the worker: the headline numbers first, then attribution and
 * recommendations. The headline is a normal (urgent) update that re-renders only the small
 * headline block. Charts and tables follow in transitions (so they never delay the next headline
 * or keystroke): the charts of the numbers right after the headline, while the worker computes
 * the attribution, then only the attribution parts (tornado, heat map, recommendations) when it
 * arrives: the full pass keeps the first pass's arrays, so the memoised charts skip it. Both
 * passes draw from the same cached draws, so their numbers are identical.
 *
 * `iterations`: a saved result's own count (risk model 2.0 picks it for precision, ADR 102), so a
 * what-if uses the same draws as the saved figures and its deltas are exact (common random numbers);
 * without a saved result (the demo), 100,000 years; null for the server's own count (a result
 * computed offline, ADR 283).
 *
 * A change the worker foresaw (ADR 216) is drawn at once from the figures it posted ahead of the
 * click (ADR 283); its own answer follows with the same numbers and the attribution.
 *
 * Performance marks for the e2e suite: `cifer:whatif:<id>:change` when the input changes,
 * `...:visible` in the frame after the headline numbers were committed, `...:full` in the frame
 * after the charts, attribution and recommendations were committed.
 */
export function useEngine(seed: number, iterations: number | null = WHAT_IF_ITERATIONS) {
  const workerRef = useRef<Worker | null>(null);
  const nextId = useRef(0);
  const latestId = useRef(0);
  const [headline, setHeadline] = useState<Shown<RiskResult | null>>({ id: 0, value: null });
  const [details, setDetails] = useState<Details>({ id: 0, value: null, isComplete: false });
  const [status, setStatus] = useState<EngineStatus>({ isComputing: false, isRefining: false, error: null });
  const foreseen = useRef(new Map<string, RiskResult>());

  useEffect(() => {
    const worker = new Worker(new URL('../workers/engine.worker.ts', import.meta.url), { type: 'module' });
    workerRef.current = worker;
    worker.onmessage = (event: MessageEvent<EngineResponse>) => onEngineMessage(event.data, { latestId, foreseen, setHeadline, setDetails, setStatus });
    return () => {
      worker.terminate();
      workerRef.current = null;
    };
  }, []);

  // Layout effect: runs at the commit that put the headline in the DOM.
  useLayoutEffect(() => {
    if (headline.id > 0) markNextFrame(headline.id, 'visible');
  }, [headline.id]);

  // Passive effect: runs after the charts' own effects (Recharts draws from its store in them).
  useEffect(() => {
    if (details.id > 0 && details.isComplete) markNextFrame(details.id, 'full');
  }, [details.id, details.isComplete]);

  const run = useCallback(
    (input: RiskInput, withAttribution = true) => {
      const worker = workerRef.current;
      if (!worker) return;
      nextId.current += 1;
      const id = nextId.current;
      latestId.current = id;
      performance.mark(`cifer:whatif:${id}:change`);
      // Post before re-rendering anything: the worker starts while React updates the form.
      const request: EngineRequest = { id, input, seed, iterations, withAttribution };
      worker.postMessage(request);
      // A foreseen change is drawn in this event's own render: the figures the worker computed
      // ahead of the click (the same run, so the same numbers its answer brings), no round trip.
      const known = foreseen.current.get(inputKey(input));
      if (known) {
        setHeadline({ id, value: known });
        setStatus({ isComputing: false, isRefining: withAttribution, error: null });
        return;
      }
      setStatus((s) => (s.isComputing ? s : { ...s, isComputing: true }));
    },
    [seed, iterations],
  );

  /**
   * Readies the worker for changes to `input` without answering: it samples the draws and foresees
   * every one-answer change (ADR 216), so even the first change is a lookup. Never supersedes a run.
   */
  const prepare = useCallback(
    (input: RiskInput) => {
      const worker = workerRef.current;
      if (!worker || latestId.current !== 0) return;
      const request: EngineRequest = { id: 0, input, seed, iterations, withAttribution: false, prepareOnly: true };
      worker.postMessage(request);
    },
    [seed, iterations],
  );

  const state: EngineState = { headline: headline.value, result: details.value, isResultComplete: details.isComplete, ...status };
  return { ...state, run, prepare };
}
