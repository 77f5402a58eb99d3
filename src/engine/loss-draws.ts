import { LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';
import { FINE_REGIME_IDS } from './model-parameters.ts';
import type { ModelParameters } from './model-parameters.ts';
import { normalQuantile } from './random/normal-quantile.ts';
import { sampleStandardNormal } from './random/normal.ts';
import { createBlockStream } from './random/xoshiro128.ts';
import type { Xoshiro128 } from './random/xoshiro128.ts';

/**
 * Years per random-number block. Block b always draws from the seeded
 * stream jumped b times, so results do not depend on how blocks are grouped
 * into chunks or workers.
 */
export const BLOCK_YEARS = 8192;

/**
 * The common random numbers of one assessment: every potential loss event
 * of every simulated year, drawn once and reused by the baseline and every
 * what-if. Events are stored in year order (structure of arrays).
 *
 * Frequency coupling (keeps what-ifs monotone and cheap): each year draws
 * its event count at the largest frequency any answer set can give,
 * N_max ~ NegBin(mu0 x F_max, r), by inverting the CDF with one uniform, and
 * gives each of those events a uniform U_k; event k happens under
 * frequency multiplier F iff F_max x U_k <= F. By Poisson thinning of the
 * gamma mixture this gives exactly N(F) ~ NegBin(mu0 x F, r) for every F
 * (ADR 010). Every event draws the same count of random numbers whatever
 * the profile's regimes and records (a fine draw for each of the five fine
 * regimes, used or not), so switching a regime on or adding records never
 * moves the other draws (ADR 100). Each event first draws its named loss
 * scenario from one uniform (ADR 223); its costs at average posture carry
 * that scenario's severity structure.
 */
export interface LossDraws {
  /** First simulated year covered (0 for a whole run; the chunk start for a part). */
  readonly firstYear: number;
  readonly years: number;
  readonly eventCount: number;
  /** Index of the simulated year each event belongs to (non-decreasing). */
  readonly eventYear: Int32Array;
  /** Smallest frequency multiplier at which the event happens (F_max x U_k, ascending within a year). */
  readonly frequencyThreshold: Float64Array;
  /** Loss scenario of each event (index into `LOSS_SCENARIO_IDS`). */
  readonly lossScenario: Uint8Array;
  /** Response & forensics + business interruption at severity multiplier 1, with the loss scenario's multipliers (USD). */
  readonly coreLossUsd: Float64Array;
  /** Records-driven cost (notification, monitoring, regulatory response) at severity multiplier 1 (USD). */
  readonly recordsLossUsd: Float64Array;
  /**
   * Per applicable fine regime (`params.fine.regimes` order, `regimeCount` per event): the uniform deciding a fine,
   * divided by the loss scenario's fine-probability multiplier (a fine is imposed iff it is below P(fine)).
   */
  readonly fineUniform: Float32Array;
  /** Per applicable fine regime: the fine if imposed, before the regime cap (USD). */
  readonly fineAmountUsd: Float32Array;
  readonly regimeCount: number;
  /** Ransom paid (0 when none), USD. */
  readonly ransomUsd: Float64Array;
  /** Per event, the index of its year among the years with events (0, 1, ... within this draw set). */
  readonly eventSlot: Int32Array;
  /**
   * The uniform that seeds the design of "I don't know" levels (ADR 268): the first draw of the
   * unknown-answer stream (block stream + long jump, so asking for it never moves the loss draws)
   * of the block of the first year with events, at float32 resolution; 0.5 when no year had events;
   * null unless requested. The per-year uniforms of ADR 101 are no longer drawn: the design only
   * reads this one (ADR 309).
   */
  readonly unknownDesignUniform: number | null;
  readonly slotCount: number;
}
/** Fine regimes drawn for every event (the length of `FINE_REGIME_IDS`). */
const FINE_DRAWS_PER_EVENT = FINE_REGIME_IDS.length;

/** A 32-bit integer as a uniform in (0, 1). */
function uniform32(x: number): number {
  return (x + 0.5) / 4_294_967_296;
}

/** Number of blocks needed for `iterations` years. */
export function countBlocks(iterations: number): number {
  return Math.ceil(iterations / BLOCK_YEARS);
}

type NumberArray = Float64Array | Float32Array | Int32Array | Uint8Array;

/** A typed array that doubles when it fills up (the event count of a run is only known at the end). */
class Growable<T extends NumberArray> {
  data: T;
  constructor(
    private readonly make: (length: number) => T,
    capacity: number,
  ) {
    this.data = make(capacity);
  }
  ensure(n: number): void {
    if (n <= this.data.length) return;
    const next = this.make(Math.max(n, this.data.length * 2));
    (next as Float64Array).set(this.data);
    this.data = next;
  }
}

const f64 = (n: number) => new Float64Array(n);
const f32 = (n: number) => new Float32Array(n);
const i32 = (n: number) => new Int32Array(n);
const u8 = (n: number) => new Uint8Array(n);

/** The figures of the draws, read once from the model parameters (the loops below run millions of times). */
function readDrawConstants(params: ModelParameters) {
  const r = params.dispersion;
  const fMax = params.maxFrequencyMultiplier;
  const muMax = params.meanEventsAtAverage * fMax;
  return {
    r,
    fMax,
    muMax,
    // Negative binomial pmf recursion constants at F_max.
    p0: Math.pow(r / (r + muMax), r),
    q: muMax / (r + muMax),
    logMedian: Math.log(params.medianUsd),
    sigma: params.withinScenarioSigma,
    recordsAll: params.recordsCostAllExposedUsd,
    // Exposed share = V^2 (mean 1/3); records cost scales as share^b.
    shareExponent: 2 * params.recordCostScaleExponent,
    regimeCount: params.fine.regimes.length,
    storeRegime: FINE_REGIME_IDS.map((id) => params.fine.regimes.indexOf(id)),
    logFine: Math.log(params.fine.medianUsd),
    fineSigma: params.fine.sigma,
    maxFineProbability: Math.max(0, ...params.fine.probabilityByA4.worst, ...params.fine.probabilityByA4.partial, ...params.fine.probabilityByA4.best),
    logRansom: Math.log(params.ransom.medianUsd),
    ransomSigma: params.ransom.sigma,
    cumulativeShare: params.lossScenarios.cumulativeShare,
    // Response + interruption multiplier of each loss scenario, and its P(records exposed), P(ransom), fine multiplier.
    coreMultiplier: params.coreMultiplierByLossScenario,
    exposureProbability: params.lossScenarios.recordsExposureProbability,
    ransomProbability: params.lossScenarios.ransomProbability,
    fineMultiplier: params.lossScenarios.fineProbabilityMultiplier,
  };
}
type DrawConstants = ReturnType<typeof readDrawConstants>;

/** The arrays of `LossDraws` while they fill, one event (and one slot per year with events) at a time. */
class DrawBuffers {
  count = 0;
  slots = 0;
  readonly eventYear: Growable<Int32Array>;
  readonly eventSlot: Growable<Int32Array>;
  readonly scenario: Growable<Uint8Array>;
  readonly threshold: Growable<Float64Array>;
  readonly core: Growable<Float64Array>;
  readonly recordsLoss: Growable<Float64Array>;
  readonly ransom: Growable<Float64Array>;
  readonly fineU: Growable<Float32Array>;
  readonly fineAmount: Growable<Float32Array>;
  /** The first unknown-answer uniform of this part (null until a year with events draws it). */
  designUniform: number | null = null;

  constructor(
    capacity: number,
    private readonly regimeCount: number,
    private readonly withAnswerUniforms: boolean,
  ) {
    this.eventYear = new Growable(i32, capacity);
    this.eventSlot = new Growable(i32, capacity);
    this.scenario = new Growable(u8, capacity);
    this.threshold = new Growable(f64, capacity);
    this.core = new Growable(f64, capacity);
    this.recordsLoss = new Growable(f64, capacity);
    this.ransom = new Growable(f64, capacity);
    this.fineU = new Growable(f32, capacity * regimeCount);
    this.fineAmount = new Growable(f32, capacity * regimeCount);
  }

  /** Makes room for `n` more events of the current year; returns the index of the first. */
  addEvents(n: number): number {
    const first = this.count;
    const count = (this.count += n);
    for (const events of [this.eventYear, this.eventSlot, this.scenario, this.threshold, this.core, this.recordsLoss, this.ransom]) events.ensure(count);
    this.fineU.ensure(count * this.regimeCount);
    this.fineAmount.ensure(count * this.regimeCount);
    return first;
  }

  toDraws(firstYear: number, years: number): LossDraws {
    const { count, slots, regimeCount } = this;
    return {
      firstYear,
      years,
      eventCount: count,
      eventYear: this.eventYear.data.slice(0, count),
      frequencyThreshold: this.threshold.data.slice(0, count),
      lossScenario: this.scenario.data.slice(0, count),
      coreLossUsd: this.core.data.slice(0, count),
      recordsLossUsd: this.recordsLoss.data.slice(0, count),
      fineUniform: this.fineU.data.slice(0, count * regimeCount),
      fineAmountUsd: this.fineAmount.data.slice(0, count * regimeCount),
      regimeCount,
      ransomUsd: this.ransom.data.slice(0, count),
      eventSlot: this.eventSlot.data.slice(0, count),
      unknownDesignUniform: this.withAnswerUniforms ? (this.designUniform ?? 0.5) : null,
      slotCount: slots,
    };
  }
}

/** Events of a year at F_max: the inverse CDF of NegBin(muMax, r) at `u`, for a year known to have some (u > p0). */
function countEventsAtMaxFrequency(u: number, c: DrawConstants): number {
  const { r, q } = c;
  let n = 1;
  let pmf = c.p0 * r * q;
  let cdf = c.p0 + pmf;
  while (cdf < u) {
    pmf *= ((n + r) / (n + 1)) * q;
    n += 1;
    const next = cdf + pmf;
    if (next === cdf) break;
    cdf = next;
  }
  return n;
}

/** Thinning uniforms of events [first, first + n), sorted ascending within the year (insertion sort: n is tiny). */
function drawSortedThresholds(rng: Xoshiro128, t: Float64Array, first: number, n: number, fMax: number): void {
  for (let k = 0; k < n; k++) {
    const x = fMax * rng.nextFloat64();
    let j = first + k;
    while (j > first && (t[j - 1] as number) > x) {
      t[j] = t[j - 1] as number;
      j -= 1;
    }
    t[j] = x;
  }
}

/** The loss scenario a uniform falls on (cumulative shares; the last one catches rounding). */
function pickLossScenario(u: number, cumulativeShare: Float64Array): number {
  let s = 0;
  while (s < LOSS_SCENARIO_COUNT - 1 && u >= (cumulativeShare[s] as number)) s += 1;
  return s;
}

/**
 * The losses of event `e`: its loss scenario, core, records, a fine draw per fine regime, ransom. Bernoulli
 * decisions and inverted amounts use 32-bit uniforms (resolution 2^-32 is ample); a fixed count per event,
 * whatever applies, so switching a regime on, adding records or another scenario mix never moves other draws.
 */
function drawEventLosses(rng: Xoshiro128, buffers: DrawBuffers, e: number, c: DrawConstants): void {
  const scenario = pickLossScenario(uniform32(rng.nextUint32()), c.cumulativeShare);
  buffers.scenario.data[e] = scenario;
  buffers.core.data[e] = (c.coreMultiplier[scenario] as number) * Math.exp(c.logMedian + c.sigma * sampleStandardNormal(rng));
  const exposed = uniform32(rng.nextUint32()) < (c.exposureProbability[scenario] as number);
  const share = uniform32(rng.nextUint32());
  buffers.recordsLoss.data[e] = exposed && c.recordsAll > 0 ? c.recordsAll * Math.pow(share, c.shareExponent) : 0;
  const regimeCount = c.regimeCount;
  const fineMultiplier = c.fineMultiplier[scenario] as number;
  for (let k = 0; k < FINE_DRAWS_PER_EVENT; k++) {
    const uf = rng.nextUint32();
    const va = rng.nextUint32();
    const slot = c.storeRegime[k] as number;
    if (slot >= 0) {
      // u / multiplier < P(fine) iff u < multiplier x P(fine): the scenario scales the fine probability (2 = never).
      const u = fineMultiplier > 0 ? uniform32(uf) / fineMultiplier : 2;
      buffers.fineU.data[e * regimeCount + slot] = u;
      // The amount is only ever read when a fine is imposed (u below the largest fine probability).
      buffers.fineAmount.data[e * regimeCount + slot] = u < c.maxFineProbability ? Math.exp(c.logFine + c.fineSigma * normalQuantile(uniform32(va))) : 0;
    }
  }
  const ur = uniform32(rng.nextUint32());
  const vr = rng.nextUint32();
  buffers.ransom.data[e] = ur < (c.ransomProbability[scenario] as number) ? Math.exp(c.logRansom + c.ransomSigma * normalQuantile(uniform32(vr))) : 0;
}

/** One simulated year: its event count, then (if any) the design's uniform (first such year only), thresholds and losses. */
function drawYear(year: number, rng: Xoshiro128, answerRng: Xoshiro128 | null, buffers: DrawBuffers, c: DrawConstants): void {
  // One 32-bit uniform per year (resolution 2^-32 is ample for P(N = 0) ~ 0.85-0.95).
  const u = (rng.nextUint32() + 0.5) / 4_294_967_296;
  if (u <= c.p0) return;
  const n = countEventsAtMaxFrequency(u, c);
  const first = buffers.addEvents(n);
  const slot = buffers.slots;
  // Float32, as the per-year uniforms (ADR 101) were stored: the design, and so every result, is unchanged.
  if (answerRng !== null && buffers.designUniform === null) buffers.designUniform = Math.fround(answerRng.nextFloat64());
  drawSortedThresholds(rng, buffers.threshold.data, first, n, c.fMax);
  for (let e = first; e < first + n; e++) {
    buffers.eventYear.data[e] = year;
    buffers.eventSlot.data[e] = slot;
    drawEventLosses(rng, buffers, e, c);
  }
  buffers.slots += 1;
}

/**
 * Draws blocks [firstBlock, firstBlock + blockCount) of a run of
 * `iterations` years. Event years are absolute (0 .. iterations - 1), so the
 * parts of a run can be joined with `concatLossDraws` in block order.
 * `withAnswerUniforms` draws the uniform of the design of unknown answers
 * (`unknownDesignUniform`) from its own stream, so the other draws do not depend on it.
 */
export function sampleLossDraws(
  params: ModelParameters,
  seed: number,
  iterations: number,
  firstBlock = 0,
  blockCount = countBlocks(iterations) - firstBlock,
  withAnswerUniforms = false,
): LossDraws {
  const startYear = firstBlock * BLOCK_YEARS;
  const endYear = Math.min(iterations, (firstBlock + blockCount) * BLOCK_YEARS);
  const years = Math.max(0, endYear - startYear);
  const c = readDrawConstants(params);
  const expected = years * c.muMax;
  const capacity = Math.max(64, Math.ceil(expected * 1.25 + 10 * Math.sqrt(expected + 1)));
  const buffers = new DrawBuffers(capacity, c.regimeCount, withAnswerUniforms);
  const cursor = createBlockStream(seed, firstBlock);
  for (let block = firstBlock; block < firstBlock + blockCount; block++) {
    const rng = cursor.clone();
    // The design's uniform comes from a second family of streams (block stream + long jump), drawn only when needed.
    const answerRng = withAnswerUniforms && buffers.designUniform === null ? cursor.clone() : null;
    answerRng?.longJump();
    cursor.jump();
    const blockEnd = Math.min(iterations, (block + 1) * BLOCK_YEARS);
    for (let year = block * BLOCK_YEARS; year < blockEnd; year++) drawYear(year, rng, answerRng, buffers, c);
  }
  return buffers.toDraws(startYear, years);
}

/** Joins consecutive parts of one run (in block order) into the draws of the whole run. */
export function concatLossDraws(parts: readonly LossDraws[]): LossDraws {
  const eventCount = parts.reduce((n, p) => n + p.eventCount, 0);
  const years = parts.reduce((n, p) => n + p.years, 0);
  const regimeCount = parts[0]?.regimeCount ?? 0;
  const join = <T extends Int32Array | Float64Array | Float32Array | Uint8Array>(pick: (p: LossDraws) => T, make: (n: number) => T): T => {
    const out = make(parts.reduce((n, p) => n + pick(p).length, 0));
    let offset = 0;
    for (const p of parts) {
      out.set(pick(p), offset);
      offset += pick(p).length;
    }
    return out;
  };
  // Slots are numbered per part: shift them so they stay unique and ascending.
  const eventSlot = new Int32Array(eventCount);
  let offset = 0;
  let slotOffset = 0;
  for (const p of parts) {
    for (let e = 0; e < p.eventCount; e++) eventSlot[offset + e] = (p.eventSlot[e] as number) + slotOffset;
    offset += p.eventCount;
    slotOffset += p.slotCount;
  }
  return {
    firstYear: parts[0]?.firstYear ?? 0,
    years,
    eventCount,
    eventYear: join((p) => p.eventYear, (n) => new Int32Array(n)),
    frequencyThreshold: join((p) => p.frequencyThreshold, (n) => new Float64Array(n)),
    lossScenario: join((p) => p.lossScenario, (n) => new Uint8Array(n)),
    coreLossUsd: join((p) => p.coreLossUsd, (n) => new Float64Array(n)),
    recordsLossUsd: join((p) => p.recordsLossUsd, (n) => new Float64Array(n)),
    fineUniform: join((p) => p.fineUniform, (n) => new Float32Array(n)),
    fineAmountUsd: join((p) => p.fineAmountUsd, (n) => new Float32Array(n)),
    regimeCount,
    ransomUsd: join((p) => p.ransomUsd, (n) => new Float64Array(n)),
    eventSlot,
    // The first part with a year with events drew the run's first design uniform.
    unknownDesignUniform: (parts.find((p) => p.slotCount > 0) ?? parts[0])?.unknownDesignUniform ?? null,
    slotCount: slotOffset,
  };
}

/** Draws a whole run split into `chunks` contiguous groups of blocks (as workers would), then joins them. */
export function sampleLossDrawsInChunks(params: ModelParameters, seed: number, iterations: number, chunks: number, withAnswerUniforms = false): LossDraws {
  const blocks = countBlocks(iterations);
  const perChunk = Math.ceil(blocks / Math.max(1, chunks));
  if (perChunk >= blocks) return sampleLossDraws(params, seed, iterations, 0, blocks, withAnswerUniforms);
  const parts: LossDraws[] = [];
  for (let first = 0; first < blocks; first += perChunk) parts.push(sampleLossDraws(params, seed, iterations, first, Math.min(perChunk, blocks - first), withAnswerUniforms));
  return concatLossDraws(parts);
}
