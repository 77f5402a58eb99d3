import type { ModelParameters } from './model-parameters.ts';
import { sampleDirichlet } from './random/dirichlet.ts';
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
 * gamma mixture this gives exactly N(F) ~ NegBin(mu0 x F, r) for every F,
 * the gamma-Poisson model of risk-model.md (d)1, while the ~85-90% of years
 * with no possible event cost one uniform (ADR 010).
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
  /** Core loss at severity multiplier 1, before the per-event cap (USD). */
  readonly coreLossUsd: Float64Array;
  /** Uniform deciding whether a fine is imposed (fine iff below the fine probability). */
  readonly fineUniform: Float64Array;
  /** Fine amount if imposed, before the regime cap (USD); drawn only when a fine is possible. */
  readonly fineAmountUsd: Float64Array;
  /** Which applicable fine regime the fine falls under (index into `ModelParameters.fine.regimes`). */
  readonly fineRegimeIndex: Uint8Array;
  /** Ransom paid (0 when none), USD. */
  readonly ransomUsd: Float64Array;
}

/** Number of blocks needed for `iterations` years. */
export function countBlocks(iterations: number): number {
  return Math.ceil(iterations / BLOCK_YEARS);
}

class EventBuffer {
  capacity: number;
  count = 0;
  eventYear: Int32Array;
  frequencyThreshold: Float64Array;
  coreLossUsd: Float64Array;
  fineUniform: Float64Array;
  fineAmountUsd: Float64Array;
  fineRegimeIndex: Uint8Array;
  ransomUsd: Float64Array;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.eventYear = new Int32Array(capacity);
    this.frequencyThreshold = new Float64Array(capacity);
    this.coreLossUsd = new Float64Array(capacity);
    this.fineUniform = new Float64Array(capacity);
    this.fineAmountUsd = new Float64Array(capacity);
    this.fineRegimeIndex = new Uint8Array(capacity);
    this.ransomUsd = new Float64Array(capacity);
  }

  grow(): void {
    const capacity = this.capacity * 2;
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(a);
      return next;
    };
    this.eventYear = copy(this.eventYear, (n) => new Int32Array(n));
    this.frequencyThreshold = copy(this.frequencyThreshold, (n) => new Float64Array(n));
    this.coreLossUsd = copy(this.coreLossUsd, (n) => new Float64Array(n));
    this.fineUniform = copy(this.fineUniform, (n) => new Float64Array(n));
    this.fineAmountUsd = copy(this.fineAmountUsd, (n) => new Float64Array(n));
    this.fineRegimeIndex = copy(this.fineRegimeIndex, (n) => new Uint8Array(n));
    this.ransomUsd = copy(this.ransomUsd, (n) => new Float64Array(n));
    this.capacity = capacity;
  }

  toDraws(firstYear: number, years: number): LossDraws {
    const n = this.count;
    return {
      firstYear,
      years,
      eventCount: n,
      eventYear: this.eventYear.slice(0, n),
      frequencyThreshold: this.frequencyThreshold.slice(0, n),
      coreLossUsd: this.coreLossUsd.slice(0, n),
      fineUniform: this.fineUniform.slice(0, n),
      fineAmountUsd: this.fineAmountUsd.slice(0, n),
      fineRegimeIndex: this.fineRegimeIndex.slice(0, n),
      ransomUsd: this.ransomUsd.slice(0, n),
    };
  }
}

/**
 * Draws blocks [firstBlock, firstBlock + blockCount) of a run of
 * `iterations` years. Event years are absolute (0 .. iterations - 1), so the
 * parts of a run can be joined with `concatLossDraws` in block order.
 */
export function sampleLossDraws(params: ModelParameters, seed: number, iterations: number, firstBlock = 0, blockCount = countBlocks(iterations) - firstBlock): LossDraws {
  const startYear = firstBlock * BLOCK_YEARS;
  const endYear = Math.min(iterations, (firstBlock + blockCount) * BLOCK_YEARS);
  const years = Math.max(0, endYear - startYear);
  const r = params.dispersion;
  const fMax = params.maxFrequencyMultiplier;
  const muMax = params.meanEventsAtAverage * fMax;
  const expected = years * muMax;
  const buffer = new EventBuffer(Math.max(64, Math.ceil(expected * 1.25 + 10 * Math.sqrt(expected + 1))));
  // Negative binomial pmf recursion constants at F_max.
  const p0 = Math.pow(r / (r + muMax), r);
  const q = muMax / (r + muMax);
  const logMedian = Math.log(params.medianUsd);
  const sigma = params.sigma;
  const logFine = Math.log(params.fine.medianUsd);
  const fineSigma = params.fine.sigma;
  const maxFineProbability = Math.max(params.fine.probabilityByA4.best, params.fine.probabilityByA4.partial, params.fine.probabilityByA4.worst);
  const regimeCount = Math.max(1, params.fine.regimes.length);
  const pRansom = params.ransom.probability;
  const logRansom = Math.log(params.ransom.medianUsd);
  const ransomSigma = params.ransom.sigma;

  const cursor = createBlockStream(seed, firstBlock);
  for (let block = firstBlock; block < firstBlock + blockCount; block++) {
    const rng = cursor.clone();
    cursor.jump();
    const blockEnd = Math.min(iterations, (block + 1) * BLOCK_YEARS);
    for (let year = block * BLOCK_YEARS; year < blockEnd; year++) {
      // One 32-bit uniform per year (resolution 2^-32 is ample for P(N = 0) ~ 0.85-0.95).
      const u = (rng.nextUint32() + 0.5) / 4_294_967_296;
      if (u <= p0) continue;
      // Inverse CDF of NegBin(muMax, r) for the years that have events.
      let n = 1;
      let pmf = p0 * r * q;
      let cdf = p0 + pmf;
      while (cdf < u) {
        pmf *= ((n + r) / (n + 1)) * q;
        n += 1;
        const next = cdf + pmf;
        if (next === cdf) break;
        cdf = next;
      }
      while (buffer.count + n > buffer.capacity) buffer.grow();
      const first = buffer.count;
      // Thinning uniforms, sorted ascending within the year (insertion sort: n is tiny).
      for (let k = 0; k < n; k++) {
        const t = fMax * rng.nextFloat64();
        let j = first + k;
        while (j > first && (buffer.frequencyThreshold[j - 1] as number) > t) {
          buffer.frequencyThreshold[j] = buffer.frequencyThreshold[j - 1] as number;
          j -= 1;
        }
        buffer.frequencyThreshold[j] = t;
      }
      for (let e = first; e < first + n; e++) {
        buffer.eventYear[e] = year;
        buffer.coreLossUsd[e] = Math.exp(logMedian + sigma * sampleStandardNormal(rng));
        const fineU = rng.nextFloat64();
        buffer.fineUniform[e] = fineU;
        if (fineU < maxFineProbability) {
          buffer.fineAmountUsd[e] = Math.exp(logFine + fineSigma * sampleStandardNormal(rng));
          buffer.fineRegimeIndex[e] = regimeCount === 1 ? 0 : Math.min(regimeCount - 1, Math.floor(rng.nextFloat64() * regimeCount));
        }
        buffer.ransomUsd[e] = rng.nextFloat64() < pRansom ? Math.exp(logRansom + ransomSigma * sampleStandardNormal(rng)) : 0;
      }
      buffer.count = first + n;
    }
  }
  return buffer.toDraws(startYear, years);
}

/**
 * Dirichlet cost split (4 shares per event: detection, notification,
 * post-breach, lost business) for the events that happen under frequency
 * multiplier `frequencyMultiplier`; zeros elsewhere. Drawn from a second
 * family of streams (block stream + long jump) so the loss draws above do
 * not depend on it, and only for the baseline (the split does not change
 * any what-if ALE).
 */
export function drawCostShares(draws: LossDraws, params: ModelParameters, seed: number, frequencyMultiplier: number): Float64Array {
  const shares = new Float64Array(draws.eventCount * 4);
  const out = new Float64Array(4);
  let currentBlock = -1;
  let cursor: Xoshiro128 | null = null;
  let rng: Xoshiro128 | null = null;
  for (let e = 0; e < draws.eventCount; e++) {
    if ((draws.frequencyThreshold[e] as number) > frequencyMultiplier) continue;
    const block = Math.floor((draws.eventYear[e] as number) / BLOCK_YEARS);
    if (block !== currentBlock || rng === null) {
      if (cursor === null) cursor = createBlockStream(seed, block);
      else for (let b = currentBlock; b < block; b++) cursor.jump();
      currentBlock = block;
      rng = cursor.clone();
      rng.longJump();
    }
    sampleDirichlet(rng, params.costShareAlpha, out);
    shares.set(out, e * 4);
  }
  return shares;
}

/** Joins consecutive parts of one run (in block order) into the draws of the whole run. */
export function concatLossDraws(parts: readonly LossDraws[]): LossDraws {
  const eventCount = parts.reduce((n, p) => n + p.eventCount, 0);
  const years = parts.reduce((n, p) => n + p.years, 0);
  const join = <T extends Int32Array | Float64Array | Uint8Array>(pick: (p: LossDraws) => T, make: (n: number) => T, width = 1): T => {
    const out = make(eventCount * width);
    let offset = 0;
    for (const p of parts) {
      out.set(pick(p), offset);
      offset += p.eventCount * width;
    }
    return out;
  };
  return {
    firstYear: parts[0]?.firstYear ?? 0,
    years,
    eventCount,
    eventYear: join((p) => p.eventYear, (n) => new Int32Array(n)),
    frequencyThreshold: join((p) => p.frequencyThreshold, (n) => new Float64Array(n)),
    coreLossUsd: join((p) => p.coreLossUsd, (n) => new Float64Array(n)),
    fineUniform: join((p) => p.fineUniform, (n) => new Float64Array(n)),
    fineAmountUsd: join((p) => p.fineAmountUsd, (n) => new Float64Array(n)),
    fineRegimeIndex: join((p) => p.fineRegimeIndex, (n) => new Uint8Array(n)),
    ransomUsd: join((p) => p.ransomUsd, (n) => new Float64Array(n)),
  };
}

/** Draws a whole run split into `chunks` contiguous groups of blocks (as workers would), then joins them. */
export function sampleLossDrawsInChunks(params: ModelParameters, seed: number, iterations: number, chunks: number): LossDraws {
  const blocks = countBlocks(iterations);
  const perChunk = Math.ceil(blocks / Math.max(1, chunks));
  if (perChunk >= blocks) return sampleLossDraws(params, seed, iterations, 0, blocks);
  const parts: LossDraws[] = [];
  for (let first = 0; first < blocks; first += perChunk) parts.push(sampleLossDraws(params, seed, iterations, first, Math.min(perChunk, blocks - first)));
  return concatLossDraws(parts);
}
