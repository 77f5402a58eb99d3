import { assessRisk } from '@/engine/assess-risk.ts';
import { FACTORS, type FactorAnswer } from '@/engine/factors.ts';
import type { FactorAnswers, RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/** What a what-if figure is computed from: the input and the run settings of the figures on screen. */
export interface WhatIfRun {
  readonly input: RiskInput;
  readonly seed: number;
  readonly iterations: number;
}

/** Results kept: the current answers' one-answer neighbours (19 factors x 2-3 other answers) with room to spare. */
const MAX_KEPT = 80;

/**
 * The what-if's first pass (figures on screen, no attribution) with the next change foreseen
 * (ADR 216). The what-if panel changes one answer at a time, so while the worker is idle it runs
 * every one-answer neighbour of the current answers, exactly the run a change would make (same
 * input, seed and iterations on the engine's cached draws), and a change to one of them is
 * answered from memory. A change nobody foresaw is computed as before: the figures are the same
 * either way, only when they are computed differs.
 */
export class WhatIfEngine {
  private readonly results = new Map<string, RiskResult>();
  private pending: { key: string; queue: WhatIfRun[] } | null = null;

  /** The first-pass figures of a run: foreseen, or computed now. */
  figures(run: WhatIfRun): RiskResult {
    const key = runKey(run);
    const known = this.results.get(key);
    if (known !== undefined) return known;
    const result = computeFigures(run);
    this.remember(key, result);
    return result;
  }

  /** Whether this run's figures are already known (a change to it costs no engine run). */
  isForeseen(run: WhatIfRun): boolean {
    return this.results.has(runKey(run));
  }

  /**
   * Computes the next not yet known one-answer neighbour of `current`; false once all are known.
   * Call between messages, one at a time, so a new change never waits for more than one run.
   * `onForeseen` hears each neighbour's figures (the worker posts them to the page, ADR 283).
   */
  foreseeNext(current: WhatIfRun, onForeseen?: (run: WhatIfRun, figures: RiskResult) => void): boolean {
    const key = runKey(current);
    if (this.pending?.key !== key) this.pending = { key, queue: oneAnswerNeighbours(current) };
    const queue = this.pending.queue;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const neighbourKey = runKey(next);
      const known = this.results.get(neighbourKey);
      if (known !== undefined) {
        onForeseen?.(next, known);
        continue;
      }
      const figures = computeFigures(next);
      this.remember(neighbourKey, figures);
      onForeseen?.(next, figures);
      return queue.length > 0;
    }
    return false;
  }

  private remember(key: string, result: RiskResult): void {
    // Oldest first out: the neighbours of earlier answers are the least likely to be asked for.
    if (this.results.size >= MAX_KEPT) this.results.delete(this.results.keys().next().value as string);
    this.results.set(key, result);
  }
}

function computeFigures(run: WhatIfRun): RiskResult {
  return assessRisk(run.input, { seed: run.seed, iterations: run.iterations, attribution: false });
}

/** One key per distinct run: the whole input with the answers in catalogue order (key order never matters). */
function runKey(run: WhatIfRun): string {
  const answers = FACTORS.map((f) => run.input.factors[f.id] ?? null);
  return JSON.stringify([{ ...run.input, factors: answers }, run.seed, run.iterations]);
}

/**
 * Every input that differs from `current` by one answer among the factor's own options, better
 * answers first (what a user exploring fixes tries first). "I don't know" is left out both ways:
 * it changes which draws the engine needs, and foreseeing it would evict the cached ones.
 */
export function oneAnswerNeighbours(current: WhatIfRun): WhatIfRun[] {
  const rank: Record<FactorAnswer, number> = { best: 0, notApplicable: 1, partial: 2, worst: 3, unknown: 4 };
  const neighbours: { run: WhatIfRun; rank: number }[] = [];
  for (const factor of FACTORS) {
    const answer = current.input.factors[factor.id] ?? 'partial';
    if (answer === 'unknown') continue;
    for (const option of factor.options) {
      if (option.value === answer) continue;
      const factors: FactorAnswers = { ...current.input.factors, [factor.id]: option.value };
      neighbours.push({ run: { ...current, input: { ...current.input, factors } }, rank: rank[option.value] });
    }
  }
  return neighbours.sort((a, b) => a.rank - b.rank).map((n) => n.run);
}
