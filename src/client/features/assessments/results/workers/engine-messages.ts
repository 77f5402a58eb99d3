import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/** Main thread → worker: compute this input; a newer request supersedes any older one. */
export interface EngineRequest {
  id: number;
  input: RiskInput;
  seed: number;
  /**
   * Simulated years; null: the count the server's completion picks for its standard precision
   * (ADR 102), so a result computed offline is the figure the synced one will show (ADR 283).
   */
  iterations: number | null;
  /** Also compute attribution and recommendations (a second, slower message). */
  withAttribution: boolean;
  /** Compute without answering: draws and foreseen changes ready before the first change (ADR 216). */
  prepareOnly?: boolean;
}

/**
 * Worker → main thread. `phase: 'fast'` has no attribution (`willRefine`: a `'full'` message with
 * attribution follows unless a newer request supersedes it); `'full'` has it.
 */
export type EngineResponse =
  | { id: number; phase: 'fast'; result: RiskResult; computeMs: number; willRefine: boolean }
  | { id: number; phase: 'full'; result: RiskResult; computeMs: number }
  | { id: number; phase: 'error'; message: string }
  /** A one-answer neighbour's first pass, computed ahead of the click: the page shows it on the change itself (ADR 283). */
  | { id: number; phase: 'foreseen'; input: RiskInput; result: RiskResult };
