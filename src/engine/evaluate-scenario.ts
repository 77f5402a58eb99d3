import { FACTORS } from './factors.ts';
import type { FactorLevel } from './factors.ts';
import type { LossDraws } from './loss-draws.ts';
import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import { createScenarioBuilder } from './model-parameters.ts';
import type { ModelParameters, Scenario } from './model-parameters.ts';
import type { FactorAnswers, InsurancePolicy } from './risk-input.ts';
import { createXoshiro128 } from './random/xoshiro128.ts';
import type { Xoshiro128 } from './random/xoshiro128.ts';
import { levelForUniform, UNKNOWN_ANSWER_PREVALENCE } from './unknown-answers.ts';

/** Cost categories of the breakdown: the components of one incident (ADR 100). */
export const COST_CATEGORIES = [
  { id: 'responseAndForensics', label: 'Incident response & forensics' },
  { id: 'businessInterruption', label: 'Business interruption & lost business' },
  { id: 'notificationAndMonitoring', label: 'Notification, credit monitoring & regulatory response (records)' },
  { id: 'regulatoryFines', label: 'Regulatory fines' },
  { id: 'ransom', label: 'Ransom / extortion' },
] as const;
/** A cost category id. */
export type CostCategoryId = (typeof COST_CATEGORIES)[number]['id'];

/**
 * The scenario of every simulated year with events. Known answers give one
 * scenario for all years; each "unknown" answer takes, per year, the level
 * its uniform draw falls on in the factor's prevalence (ADR 101). Hundreds of
 * thousands of years share few combinations of those levels (at most 3 per
 * unknown answer, multiplied), so the plan keeps one scenario per combination
 * and, per year, which one it is (ADR 258).
 */
interface SlotScenarios {
  /** The scenario of the answers as given (an unknown answer scores as partial here): every year's when none is unknown. */
  readonly constant: Scenario;
  /** With unknown answers, the scenario of each combination of their levels; null when there are none. */
  readonly combinations: CombinationScenarios | null;
}

/** One scenario per combination of unknown levels that occurs, and each year's combination. */
interface CombinationScenarios {
  /** Per year with events: the index of its combination of unknown levels. */
  readonly ofSlot: Int32Array;
  /** Per combination and loss scenario (`combination x LOSS_SCENARIO_COUNT + s`). */
  readonly frequencyMultiplier: Float64Array;
  /** Per combination and loss scenario (`combination x LOSS_SCENARIO_COUNT + s`). */
  readonly severityMultiplier: Float64Array;
  /** Per combination: 0 best, 1 partial, 2 worst. */
  readonly a4Index: Int8Array;
}

const A4_INDEX: { readonly [L in FactorLevel]: number } = { best: 0, partial: 1, worst: 2 };
/** The scenario builder's level index of a level (`createScenarioBuilder`). */
const BUILDER_LEVEL: { readonly [L in FactorLevel]: number } = { worst: 0, partial: 1, best: 2 };
const A4_OF_BUILDER_LEVEL = [2, 1, 0, 1]; // builder level (worst, partial, best, n/a) → A4 index (best 0, partial 1, worst 2)

/** The plan of one scenario applied to every year (answers without unknowns). */
export function constantPlan(scenario: Scenario): SlotScenarios {
  return { constant: scenario, combinations: null };
}

/** True when some answer is "unknown". */
export function hasUnknownAnswers(answers: FactorAnswers): boolean {
  return FACTORS.some((f) => answers[f.id] === 'unknown');
}

/** Resolves the per-year scenarios of a set of answers over the draws. */
export function resolveSlotScenarios(draws: LossDraws, params: ModelParameters, answers: FactorAnswers): SlotScenarios {
  const builder = createScenarioBuilder(params);
  const levels = builder.toLevels(answers);
  const constant = builder.build(levels);
  const unknown = FACTORS.map((f, i) => (answers[f.id] === 'unknown' ? i : -1)).filter((i) => i >= 0);
  if (unknown.length === 0) return constantPlan(constant);
  // Each year's combination is its design row (ADR 268): no pass over the years, and the run's own
  // row-of-year array serves every set of answers (the recommendations resolve one per factor).
  const design = designOfUnknownAnswers(draws, params);
  const S = LOSS_SCENARIO_COUNT;
  const frequencyMultiplier = new Float64Array(design.rows * S);
  const severityMultiplier = new Float64Array(design.rows * S);
  const a4Index = new Int8Array(design.rows);
  const work = Int8Array.from(levels);
  const builtRowOfCode = new Map<number, number>();
  for (let r = 0; r < design.rows; r++) {
    let code = 0;
    for (const i of unknown) code = code * 3 + ((design.levelsByFactor[i] as Int8Array)[r] as number);
    const built = builtRowOfCode.get(code);
    if (built !== undefined) {
      // Rows with the same levels share one build: copy it.
      frequencyMultiplier.copyWithin(r * S, built * S, (built + 1) * S);
      severityMultiplier.copyWithin(r * S, built * S, (built + 1) * S);
      a4Index[r] = a4Index[built] as number;
      continue;
    }
    builtRowOfCode.set(code, r);
    // The same builder as the constant scenario, with each unknown factor at its level in this row.
    // Compliance evidence lifts an unknown factor's worse years to its floor (ADR 265).
    for (const i of unknown) work[i] = Math.max((design.levelsByFactor[i] as Int8Array)[r] as number, params.unknownAnswerFloor[i] as number);
    a4Index[r] = A4_OF_BUILDER_LEVEL[builder.buildInto(work, frequencyMultiplier, severityMultiplier, r * S)] as number;
  }
  return { constant, combinations: { ofSlot: design.rowOfSlot, frequencyMultiplier, severityMultiplier, a4Index } };
}

/** The years of a run grouped by the levels the design gives the unknown factors. */
export interface UnknownLevelGroups {
  /** Per year with events: its group, numbered 0, 1, 2... in order of first year. */
  readonly groupOfSlot: Int32Array;
  /** Per group: each unknown factor's builder level (0 worst, 1 partial, 2 best), in the order the factors were given. */
  readonly levelsOfGroup: readonly Int8Array[];
}

/**
 * Rows of the design "I don't know" answers take their levels from (ADR 268). Each simulated year takes
 * the row of its year number modulo the rows, so a run holds at most this many combinations of unknown
 * levels however many answers are unknown, and every what-if of the attribution costs at most this many
 * small evaluators. 100 keeps the prevalences in use (0.24, 0.5) exact.
 */
export const UNKNOWN_DESIGN_ROWS = 100;
/** Latin hypercube designs tried per run; the one whose rows best reproduce the population's mean multipliers is kept. */
const DESIGN_CANDIDATES = 16;

/** The design of one set of draws: each year's row and each factor's level in each row. */
export interface UnknownDesign {
  readonly rows: number;
  /** Per year with events: its row (its year number modulo `rows`). */
  readonly rowOfSlot: Int32Array;
  /** Per factor (catalogue order), per row: the builder level (0 worst, 1 partial, 2 best) an unknown answer takes. */
  readonly levelsByFactor: readonly Int8Array[];
  /** The grouping of the years per set of unknown factors asked for (the key: their indices). */
  readonly groupsByUnknown: Map<string, UnknownLevelGroups>;
}

/** Per draws: the design of unknown levels, built once per run instead of once per what-if. */
const designOfDraws = new WeakMap<LossDraws, UnknownDesign>();

/**
 * The design of unknown levels of a set of draws (ADR 268). Every factor's column is a Latin hypercube
 * column: exactly round(prevalence x rows) rows at each level, in shuffled order. Among
 * `DESIGN_CANDIDATES` shuffles, seeded from the draws' own unknown-answer uniforms, the one kept is the one
 * whose rows' mean frequency and frequency x severity multipliers of each loss scenario come closest to
 * the population's (the mean over every combination, a product over the factors): the remaining error of
 * a few hundred rows is then a small fraction of the simulation's own.
 */
export function designOfUnknownAnswers(draws: LossDraws, params: ModelParameters): UnknownDesign {
  if (draws.unknownDesignUniform === null) throw new Error('designOfUnknownAnswers: draws were made without answer uniforms; this is a bug in the engine');
  const known = designOfDraws.get(draws);
  if (known !== undefined) return known;
  const rows = Math.max(1, Math.min(UNKNOWN_DESIGN_ROWS, draws.slotCount));
  const rowOfSlot = new Int32Array(draws.slotCount);
  // Years are independent and identically drawn, so their numbers may assign the rows: each row gets the same share of years.
  for (let e = 0; e < draws.eventCount; e++) rowOfSlot[draws.eventSlot[e] as number] = (draws.eventYear[e] as number) % rows;
  const seed = Math.floor(draws.unknownDesignUniform * 4_294_967_296) >>> 0;
  const design = { rows, rowOfSlot, levelsByFactor: chooseDesignColumns(params, seed, rows), groupsByUnknown: new Map() };
  designOfDraws.set(draws, design);
  return design;
}

/** Per model: the columns chosen per (seed, rows). A run's precision rounds redraw from the same seed, so they share one choice. */
const columnsOfParams = new WeakMap<ModelParameters, Map<string, readonly Int8Array[]>>();

/** The design's columns: the best of `DESIGN_CANDIDATES` Latin hypercube shuffles seeded by `seed` (a pure function of its arguments). */
function chooseDesignColumns(params: ModelParameters, seed: number, rows: number): readonly Int8Array[] {
  const key = `${seed}:${rows}`;
  let known = columnsOfParams.get(params);
  const cached = known?.get(key);
  if (cached !== undefined) return cached;
  const rng = createXoshiro128(seed);
  const effects = logEffectsOfLevels(params);
  const population = populationMeans(effects);
  const levelOfRank = FACTORS.map((f) => Int8Array.from({ length: rows }, (_, q) => BUILDER_LEVEL[levelForUniform(UNKNOWN_ANSWER_PREVALENCE[f.id], (q + 0.5) / rows)]));
  let best: Int8Array[] = [];
  let bestMismatch = Number.POSITIVE_INFINITY;
  for (let k = 0; k < DESIGN_CANDIDATES; k++) {
    const candidate = levelOfRank.map((levels) => latinHypercubeColumn(rng, levels));
    const mismatch = meanMultiplierMismatch(candidate, rows, effects, population);
    if (mismatch < bestMismatch) [best, bestMismatch] = [candidate, mismatch];
  }
  if (known === undefined) columnsOfParams.set(params, (known = new Map()));
  if (known.size >= 8) known.clear();
  known.set(key, best);
  return best;
}

/** One factor's column: row r at the level of the stratified uniform (rank + 0.5) / rows (`levelOfRank`), ranks shuffled. */
function latinHypercubeColumn(rng: Xoshiro128, levelOfRank: Int8Array): Int8Array {
  const rows = levelOfRank.length;
  const rank = new Int32Array(rows);
  for (let r = 0; r < rows; r++) rank[r] = r;
  for (let r = rows - 1; r > 0; r--) {
    const j = Math.floor(rng.nextFloat64() * (r + 1));
    const t = rank[r] as number;
    rank[r] = rank[j] as number;
    rank[j] = t;
  }
  const column = new Int8Array(rows);
  for (let r = 0; r < rows; r++) column[r] = levelOfRank[rank[r] as number] as number;
  return column;
}

/**
 * Per factor, builder level and loss scenario: the log of the frequency multiplier (`frequency`) and of
 * frequency x severity (`both`) against every factor at "partial". The builder sums logs, so a
 * combination's multipliers are the exponential of the sum (before the severity clamp).
 */
function logEffectsOfLevels(params: ModelParameters): { frequency: Float64Array; both: Float64Array } {
  const builder = createScenarioBuilder(params);
  const S = LOSS_SCENARIO_COUNT;
  const partial = new Int8Array(FACTORS.length).fill(BUILDER_LEVEL.partial);
  const base = builder.build(partial);
  const frequency = new Float64Array(FACTORS.length * 3 * S);
  const both = new Float64Array(FACTORS.length * 3 * S);
  for (let i = 0; i < FACTORS.length; i++) {
    for (let level = 0; level < 3; level++) {
      const levels = Int8Array.from(partial);
      levels[i] = level;
      const sc = builder.build(levels);
      for (let s = 0; s < S; s++) {
        const k = (i * 3 + level) * S + s;
        const f = Math.log((sc.frequencyByLossScenario[s] as number) / (base.frequencyByLossScenario[s] as number));
        frequency[k] = f;
        both[k] = f + Math.log((sc.severityByLossScenario[s] as number) / (base.severityByLossScenario[s] as number));
      }
    }
  }
  return { frequency, both };
}

/** Per loss scenario, for `frequency` then `both`: the population's mean multiplier, a product over the factors (they are independent). */
function populationMeans(effects: { frequency: Float64Array; both: Float64Array }): Float64Array {
  const S = LOSS_SCENARIO_COUNT;
  const means = new Float64Array(2 * S).fill(1);
  [effects.frequency, effects.both].forEach((table, t) => {
    FACTORS.forEach((f, i) => {
      const p = UNKNOWN_ANSWER_PREVALENCE[f.id];
      for (let s = 0; s < S; s++) {
        const mean = p.worst * Math.exp(table[i * 3 * S + s] as number) + p.partial * Math.exp(table[(i * 3 + 1) * S + s] as number) + p.best * Math.exp(table[(i * 3 + 2) * S + s] as number);
        means[t * S + s] = (means[t * S + s] as number) * mean;
      }
    });
  });
  return means;
}

/**
 * Sum over loss scenarios of the squared relative errors of the design's mean multipliers against the population's.
 * One pass over the rows, all ten (table, loss scenario) sums at once (each in the same order as one at a time).
 */
function meanMultiplierMismatch(columns: readonly Int8Array[], rows: number, effects: { frequency: Float64Array; both: Float64Array }, population: Float64Array): number {
  const S = LOSS_SCENARIO_COUNT;
  const tables = [effects.frequency, effects.both];
  const design = new Float64Array(2 * S);
  const sums = new Float64Array(2 * S);
  for (let r = 0; r < rows; r++) {
    sums.fill(0);
    for (let i = 0; i < columns.length; i++) {
      const k = (i * 3 + ((columns[i] as Int8Array)[r] as number)) * S;
      for (let t = 0; t < 2; t++) {
        const table = tables[t] as Float64Array;
        for (let s = 0; s < S; s++) sums[t * S + s] = (sums[t * S + s] as number) + (table[k + s] as number);
      }
    }
    for (let q = 0; q < 2 * S; q++) design[q] = (design[q] as number) + Math.exp(sums[q] as number);
  }
  let mismatch = 0;
  for (let q = 0; q < 2 * S; q++) mismatch += ((design[q] as number) / rows / (population[q] as number) - 1) ** 2;
  return mismatch;
}

/**
 * Groups the years by the combination of levels the design gives the unknown factors (`unknown`: indices
 * into FACTORS): at most `UNKNOWN_DESIGN_ROWS` groups. One grouping for the scenarios of a run and for the
 * attribution's evaluators (ADR 258, ADR 268).
 */
export function groupYearsByUnknownLevels(draws: LossDraws, params: ModelParameters, unknown: readonly number[]): UnknownLevelGroups {
  const design = designOfUnknownAnswers(draws, params);
  const key = unknown.join(',');
  const known = design.groupsByUnknown.get(key);
  if (known !== undefined) return known;
  const groups = groupRows(design, unknown);
  // A run asks for a few sets (its own, and each with one answer settled); keep the latest few.
  if (design.groupsByUnknown.size >= 32) design.groupsByUnknown.clear();
  design.groupsByUnknown.set(key, groups);
  return groups;
}

function groupRows(design: UnknownDesign, unknown: readonly number[]): UnknownLevelGroups {
  const codes = new Float64Array(design.rows);
  for (const i of unknown) {
    const column = design.levelsByFactor[i] as Int8Array;
    for (let r = 0; r < design.rows; r++) codes[r] = (codes[r] as number) * 3 + (column[r] as number);
  }
  // Rows with the same levels share a group, numbered in order of first year.
  const idOfRow = new Int32Array(design.rows).fill(-1);
  const idOfCode = new Map<number, number>();
  const levelsOfGroup: Int8Array[] = [];
  const groupOfSlot = new Int32Array(design.rowOfSlot.length);
  for (let s = 0; s < groupOfSlot.length; s++) {
    const row = design.rowOfSlot[s] as number;
    let id = idOfRow[row] as number;
    if (id === -1) {
      const code = codes[row] as number;
      id = idOfCode.get(code) ?? -1;
      if (id === -1) {
        id = levelsOfGroup.length;
        idOfCode.set(code, id);
        levelsOfGroup.push(Int8Array.from(unknown, (i) => (design.levelsByFactor[i] as Int8Array)[row] as number));
      }
      idOfRow[row] = id;
    }
    groupOfSlot[s] = id;
  }
  return { groupOfSlot, levelsOfGroup };
}

/** Per-year and per-event losses of one scenario over the common random numbers. */
interface ScenarioLosses {
  /** Gross annual loss of the years with at least one event, in year order (USD); every other year lost 0. */
  readonly nonZeroAnnualLossUsd: Float64Array;
  /** Cost of every potential incident of the pool under this scenario (thinned ones included), USD. */
  readonly eventLossUsd: Float64Array;
  /** Sum over all years of each cost category (USD), in `COST_CATEGORIES` order. */
  readonly categoryTotalsUsd: Float64Array;
  /** Sum over all years of fines per applicable fine regime (USD), in `ModelParameters.fine.regimes` order. */
  readonly fineTotalsByRegimeUsd: Float64Array;
  /** Net annual loss after insurance of the same years, when a policy is given. */
  readonly netNonZeroAnnualLossUsd: Float64Array | null;
  /** What the policy would recover in each of the same years with an unlimited aggregate limit (USD). */
  readonly recoverableNonZeroUsd: Float64Array;
  /** Sum over all years of the loss of each loss scenario (USD), in `LOSS_SCENARIO_IDS` order. */
  readonly scenarioTotalsUsd: Float64Array;
  /** Per loss scenario and cost category (`s x COST_CATEGORIES.length + c`): sum over all years (USD). */
  readonly scenarioCategoryTotalsUsd: Float64Array;
  /** Per loss scenario: simulated years with at least one such incident. */
  readonly scenarioYearCounts: Float64Array;
}

/**
 * The loss of event e under (F-checked) severity multiplier m and A4 index:
 * min(cap, m x (core + records) + fines + ransom): the cap applies to the
 * whole incident (ADR 100). Writes per-regime fines into `fineOut` when given.
 */
function eventLoss(draws: LossDraws, params: ModelParameters, e: number, m: number, a4: number, fineOut: Float64Array | null, terms: { fines: number }): number {
  const regimeCount = draws.regimeCount;
  const probabilities = a4 === 0 ? params.fine.probabilityByA4.best : a4 === 1 ? params.fine.probabilityByA4.partial : params.fine.probabilityByA4.worst;
  const caps = a4 === 0 ? params.fine.capsByA4.best : a4 === 1 ? params.fine.capsByA4.partial : params.fine.capsByA4.worst;
  let fines = 0;
  for (let j = 0; j < regimeCount; j++) {
    const k = e * regimeCount + j;
    if ((draws.fineUniform[k] as number) < (probabilities[j] as number)) {
      let amount = draws.fineAmountUsd[k] as number;
      const cap = caps[j] as number;
      if (amount > cap) amount = cap;
      fines += amount;
      if (fineOut !== null) fineOut[j] = amount;
    } else if (fineOut !== null) fineOut[j] = 0;
  }
  terms.fines = fines;
  const total = m * ((draws.coreLossUsd[e] as number) + (draws.recordsLossUsd[e] as number)) + fines + (draws.ransomUsd[e] as number);
  return total > params.capPerEventUsd ? params.capPerEventUsd : total;
}

/**
 * Per-year lookups of a plan, per combination and loss scenario: a constant plan is one combination
 * that every year has (`c` null).
 */
interface PlanLookup {
  /** Per year with events: its combination (null: combination 0 for every year). */
  readonly c: Int32Array | null;
  readonly f: Float64Array;
  readonly m: Float64Array;
  readonly a4: Int8Array;
}

function lookup(plan: SlotScenarios): PlanLookup {
  const { constant, combinations } = plan;
  if (combinations === null) return { c: null, f: constant.frequencyByLossScenario, m: constant.severityByLossScenario, a4: Int8Array.of(A4_INDEX[constant.a4Level]) };
  return { c: combinations.ofSlot, f: combinations.frequencyMultiplier, m: combinations.severityMultiplier, a4: combinations.a4Index };
}

/**
 * Full evaluation of a scenario: annual losses, per-event losses, category
 * and per-regime totals, and the insurance layer (retention and coinsurance
 * per event, annual aggregate limit).
 */
export function evaluateScenario(draws: LossDraws, params: ModelParameters, plan: SlotScenarios, insurance: InsurancePolicy | undefined): ScenarioLosses {
  const n = draws.eventCount;
  const p = lookup(plan);
  const yearLoss = new Float64Array(Math.max(1, draws.slotCount));
  const yearNet = insurance === undefined ? null : new Float64Array(Math.max(1, draws.slotCount));
  const yearRecoverable = new Float64Array(Math.max(1, draws.slotCount));
  const eventLossBuffer = new Float64Array(n);
  const categoryTotalsUsd = new Float64Array(COST_CATEGORIES.length);
  const fineTotalsByRegimeUsd = new Float64Array(draws.regimeCount);
  const fines = new Float64Array(draws.regimeCount);
  const terms = { fines: 0 };
  const responseShareByScenario = responseShares(params);
  const C = COST_CATEGORIES.length;
  const scenarioTotalsUsd = new Float64Array(LOSS_SCENARIO_COUNT);
  const scenarioCategoryTotalsUsd = new Float64Array(LOSS_SCENARIO_COUNT * C);
  const scenarioYearCounts = new Float64Array(LOSS_SCENARIO_COUNT);
  const lastYearOfScenario = new Float64Array(LOSS_SCENARIO_COUNT).fill(-1);
  // A local copy: under tsx a module's exported constant is read through a getter, once per event otherwise.
  const S = LOSS_SCENARIO_COUNT;
  const retention = insurance?.retentionUsd ?? 0;
  const keep = insurance?.coinsuranceShare ?? 0;
  const limit = insurance?.limitUsd ?? 0;
  let remainingLimit = limit;
  let currentYear = -1;
  let slot = -1;
  for (let e = 0; e < n; e++) {
    const s = draws.eventSlot[e] as number;
    const sc = draws.lossScenario[e] as number;
    const c = p.c === null ? 0 : (p.c[s] as number);
    const k = c * S + sc;
    const f = p.f[k] as number;
    const m = p.m[k] as number;
    const a4 = p.a4[c] as number;
    const loss = eventLoss(draws, params, e, m, a4, fines, terms);
    // "Cost if it happens" uses every potential incident of the pool: thinning is independent of the
    // cost, so this is the same distribution, and each incident's cost can only fall when an answer improves.
    eventLossBuffer[e] = loss;
    if ((draws.frequencyThreshold[e] as number) > f) continue;
    // The cap takes fines first, then ransom, then the severity-scaled costs, so a better answer (smaller
    // severity part) never moves more of a capped incident into the fines line (ADR 100).
    const core = m * (draws.coreLossUsd[e] as number);
    const records = m * (draws.recordsLossUsd[e] as number);
    const ransom = draws.ransomUsd[e] as number;
    const cap = params.capPerEventUsd;
    const finesKept = terms.fines < cap ? terms.fines : cap;
    const fineScale = terms.fines > 0 ? finesKept / terms.fines : 0;
    const ransomKept = Math.min(ransom, cap - finesKept);
    const severityPart = core + records;
    const severityKept = Math.min(severityPart, cap - finesKept - ransomKept);
    const severityScale = severityPart > 0 ? severityKept / severityPart : 0;
    const y = draws.eventYear[e] as number;
    if (y !== currentYear) {
      currentYear = y;
      slot += 1;
      remainingLimit = limit;
    }
    yearLoss[slot] = (yearLoss[slot] as number) + loss;
    const responseShare = responseShareByScenario[sc] as number;
    addCategories(categoryTotalsUsd, 0, core * responseShare * severityScale, core * (1 - responseShare) * severityScale, records * severityScale, finesKept, ransomKept);
    addCategories(scenarioCategoryTotalsUsd, sc * C, core * responseShare * severityScale, core * (1 - responseShare) * severityScale, records * severityScale, finesKept, ransomKept);
    scenarioTotalsUsd[sc] = (scenarioTotalsUsd[sc] as number) + loss;
    if (lastYearOfScenario[sc] !== y) {
      lastYearOfScenario[sc] = y;
      scenarioYearCounts[sc] = (scenarioYearCounts[sc] as number) + 1;
    }
    for (let j = 0; j < draws.regimeCount; j++) fineTotalsByRegimeUsd[j] = (fineTotalsByRegimeUsd[j] as number) + (fines[j] as number) * fineScale;
    const recoverable = Math.max(0, loss - retention) * (1 - keep);
    yearRecoverable[slot] = (yearRecoverable[slot] as number) + recoverable;
    if (yearNet !== null) {
      const recovered = recoverable > remainingLimit ? remainingLimit : recoverable;
      remainingLimit -= recovered;
      yearNet[slot] = (yearNet[slot] as number) + loss - recovered;
    }
  }
  return {
    nonZeroAnnualLossUsd: yearLoss.slice(0, slot + 1),
    eventLossUsd: eventLossBuffer,
    categoryTotalsUsd,
    fineTotalsByRegimeUsd,
    netNonZeroAnnualLossUsd: yearNet === null ? null : yearNet.slice(0, slot + 1),
    recoverableNonZeroUsd: yearRecoverable.slice(0, slot + 1),
    scenarioTotalsUsd,
    scenarioCategoryTotalsUsd,
    scenarioYearCounts,
  };
}

/** Adds one incident's five cost categories (`COST_CATEGORIES` order) at `offset` of `totals`. */
function addCategories(totals: Float64Array, offset: number, response: number, interruption: number, records: number, fines: number, ransom: number): void {
  totals[offset] = (totals[offset] as number) + response;
  totals[offset + 1] = (totals[offset + 1] as number) + interruption;
  totals[offset + 2] = (totals[offset + 2] as number) + records;
  totals[offset + 3] = (totals[offset + 3] as number) + fines;
  totals[offset + 4] = (totals[offset + 4] as number) + ransom;
}

/** Share of each loss scenario's core cost that is response & forensics (the rest is interruption / money lost). */
function responseShares(params: ModelParameters): Float64Array {
  const { responseMultiplier, interruptionMultiplier } = params.lossScenarios;
  return Float64Array.from({ length: LOSS_SCENARIO_COUNT }, (_, s) => {
    const response = params.responseShare * (responseMultiplier[s] as number);
    const total = response + (1 - params.responseShare) * (interruptionMultiplier[s] as number);
    return total > 0 ? response / total : 0;
  });
}

/**
 * Expected annual loss of a scenario: one pass over the event pool with no
 * allocation (the exact path for answers with unknowns).
 */
// jscpd:ignore-start -- the per-event loop below and in collectNonZeroAnnualLosses stay written out on
// purpose: they run once per simulated event (millions per assessment), and a shared callback per event
// measured slower in the engine benchmarks (ADR 012). Change both together.
export function computeExpectedAnnualLoss(draws: LossDraws, params: ModelParameters, plan: SlotScenarios): number {
  const terms = { fines: 0 };
  const p = lookup(plan);
  const S = LOSS_SCENARIO_COUNT;
  let total = 0;
  for (let e = 0; e < draws.eventCount; e++) {
    const s = draws.eventSlot[e] as number;
    const c = p.c === null ? 0 : (p.c[s] as number);
    const k = c * S + (draws.lossScenario[e] as number);
    const f = p.f[k] as number;
    if ((draws.frequencyThreshold[e] as number) > f) continue;
    const m = p.m[k] as number;
    const a4 = p.a4[c] as number;
    total += eventLoss(draws, params, e, m, a4, null, terms);
  }
  return total / draws.years;
}
// jscpd:ignore-end

/**
 * Expected annual losses of several answer-independent scenarios in one pass
 * (the risk-score anchors: all best, average, all worst).
 */
export function computeExpectedAnnualLosses(draws: LossDraws, params: ModelParameters, scenarios: readonly Scenario[]): number[] {
  const terms = { fines: 0 };
  const totals = scenarios.map(() => 0);
  const a4 = scenarios.map((sc) => A4_INDEX[sc.a4Level]);
  // Flat per (answer set, loss scenario) lookups: this loop visits every event once per answer set.
  const S = LOSS_SCENARIO_COUNT;
  const f = new Float64Array(scenarios.length * S);
  const m = new Float64Array(scenarios.length * S);
  scenarios.forEach((sc, k) => {
    f.set(sc.frequencyByLossScenario, k * S);
    m.set(sc.severityByLossScenario, k * S);
  });
  for (let e = 0; e < draws.eventCount; e++) {
    const threshold = draws.frequencyThreshold[e] as number;
    const ls = draws.lossScenario[e] as number;
    for (let k = 0; k < scenarios.length; k++) {
      if (threshold > (f[k * S + ls] as number)) continue;
      totals[k] = (totals[k] as number) + eventLoss(draws, params, e, m[k * S + ls] as number, a4[k] as number, null, terms);
    }
  }
  return totals.map((t) => t / draws.years);
}

/**
 * Writes the non-zero annual losses of a scenario into `out` (in year order)
 * and returns how many there are; every other simulated year has no loss.
 */
export function collectNonZeroAnnualLosses(draws: LossDraws, params: ModelParameters, plan: SlotScenarios, out: Float64Array): number {
  const terms = { fines: 0 };
  const p = lookup(plan);
  const S = LOSS_SCENARIO_COUNT;
  let count = 0;
  let currentYear = -1;
  for (let e = 0; e < draws.eventCount; e++) {
    const s = draws.eventSlot[e] as number;
    const c = p.c === null ? 0 : (p.c[s] as number);
    const k = c * S + (draws.lossScenario[e] as number);
    const f = p.f[k] as number;
    if ((draws.frequencyThreshold[e] as number) > f) continue;
    const m = p.m[k] as number;
    const a4 = p.a4[c] as number;
    const loss = eventLoss(draws, params, e, m, a4, null, terms);
    const y = draws.eventYear[e] as number;
    if (y !== currentYear) {
      currentYear = y;
      out[count] = loss;
      count += 1;
    } else {
      out[count - 1] = (out[count - 1] as number) + loss;
    }
  }
  return count;
}
