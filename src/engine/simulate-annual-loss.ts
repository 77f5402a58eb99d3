import { sampleGamma } from './random/gamma.ts';
import { sampleStandardNormal } from './random/normal.ts';
import { samplePoisson } from './random/poisson.ts';
import { createBlockStream, requireSeed } from './random/xoshiro128.ts';
import { BLOCK_YEARS, countBlocks } from './loss-draws.ts';
import { collectNonZero, summarizeNonZero } from './summarize-losses.ts';
import type { AnnualLossSummary } from './summarize-losses.ts';
import { requireNumber } from './validate-risk-input.ts';

/** Event frequency per year. */
type FrequencySpec =
  | { readonly kind: 'poisson'; readonly rate: number }
  | { readonly kind: 'negativeBinomial'; readonly mean: number; readonly dispersion: number };

/** Loss per event: lognormal by median and log-space sigma, optionally capped per event. */
interface SeveritySpec {
  readonly kind: 'lognormal';
  readonly median: number;
  readonly sigma: number;
  readonly cap?: number;
}

/** Input of the low-level compound-loss primitive. */
export interface SimulateAnnualLossInput {
  readonly frequency: FrequencySpec;
  readonly severity: SeveritySpec;
  /** Simulated years (1 to 10,000,000). */
  readonly iterations: number;
  /** PRNG seed, integer in [0, 2^32 - 1]. */
  readonly seed: number;
  /** Draw in this many chunks (as workers would); never changes the result (default 1). */
  readonly chunks?: number;
}

/** Output of `simulateAnnualLoss`. */
interface SimulateAnnualLossResult {
  /** Annual loss of every simulated year, USD (a typed array: not part of any JSON result). */
  readonly annualLosses: Float64Array;
  readonly summary: AnnualLossSummary & {
    /** Events simulated over all years. */
    readonly eventCount: number;
    /** Mean events per simulated year. */
    readonly meanEventsPerYear: number;
  };
}

/** Throws a RangeError naming the parameter if the primitive's input is invalid. */
function validateSimulateAnnualLossInput(input: SimulateAnnualLossInput): void {
  const f: unknown = input.frequency;
  if (typeof f !== 'object' || f === null) throw new RangeError('frequency: must be an object');
  const frequency = f as { kind?: unknown; rate?: unknown; mean?: unknown; dispersion?: unknown };
  if (frequency.kind === 'poisson') requireNumber(frequency.rate, 'frequency.rate', 0, 1_000);
  else if (frequency.kind === 'negativeBinomial') {
    requireNumber(frequency.mean, 'frequency.mean', 0, 1_000);
    requireNumber(frequency.dispersion, 'frequency.dispersion', 1e-6, 1e6);
    if ((frequency.dispersion as number) <= 0) throw new RangeError('frequency.dispersion: must be positive');
  } else throw new RangeError(`frequency.kind: must be "poisson" or "negativeBinomial", got ${String(frequency.kind)}`);
  const s: unknown = input.severity;
  if (typeof s !== 'object' || s === null) throw new RangeError('severity: must be an object');
  const severity = s as { kind?: unknown; median?: unknown; sigma?: unknown; cap?: unknown };
  if (severity.kind !== 'lognormal') throw new RangeError(`severity.kind: must be "lognormal", got ${String(severity.kind)}`);
  requireNumber(severity.median, 'severity.median', Number.MIN_VALUE, 1e13);
  requireNumber(severity.sigma, 'severity.sigma', 0, 10);
  if (severity.cap !== undefined) requireNumber(severity.cap, 'severity.cap', Number.MIN_VALUE, 1e15);
  requireNumber(input.iterations, 'iterations', 1, 10_000_000, true);
  requireSeed(input.seed);
  if (input.chunks !== undefined) requireNumber(input.chunks, 'chunks', 1, 4096, true);
}

/**
 * The low-level compound-loss primitive: annual loss = sum of N lognormal
 * event losses, N ~ Poisson(rate) or NegBin(mean, dispersion) (gamma-Poisson).
 * Year y always draws from block stream floor(y / 8192) (the seed jumped
 * that many times), so the result is bit-identical however the run is
 * chunked (`chunks`, or workers calling `simulateAnnualLossChunk`).
 * @throws RangeError naming the parameter when the input is invalid.
 */
export function simulateAnnualLoss(input: SimulateAnnualLossInput): SimulateAnnualLossResult {
  validateSimulateAnnualLossInput(input);
  const annualLosses = new Float64Array(input.iterations);
  const blocks = countBlocks(input.iterations);
  const perChunk = Math.ceil(blocks / (input.chunks ?? 1));
  let eventCount = 0;
  for (let first = 0; first < blocks; first += perChunk) {
    eventCount += simulateBlocks(input, first, Math.min(perChunk, blocks - first), annualLosses, 0);
  }
  const summary = summarizeNonZero(collectNonZero(annualLosses), input.iterations);
  return { annualLosses, summary: { ...summary, eventCount, meanEventsPerYear: eventCount / input.iterations } };
}

/**
 * One chunk of a run (blocks [firstBlock, firstBlock + blockCount)), e.g. in
 * a Web Worker. Concatenating the chunks' `annualLosses` in block order gives
 * exactly `simulateAnnualLoss(input).annualLosses`.
 */
export function simulateAnnualLossChunk(input: SimulateAnnualLossInput, firstBlock: number, blockCount: number): { readonly firstYear: number; readonly annualLosses: Float64Array; readonly eventCount: number } {
  validateSimulateAnnualLossInput(input);
  const blocks = countBlocks(input.iterations);
  requireNumber(firstBlock, 'firstBlock', 0, blocks - 1, true);
  requireNumber(blockCount, 'blockCount', 1, blocks - firstBlock, true);
  const firstYear = firstBlock * BLOCK_YEARS;
  const endYear = Math.min(input.iterations, (firstBlock + blockCount) * BLOCK_YEARS);
  const annualLosses = new Float64Array(endYear - firstYear);
  const eventCount = simulateBlocks(input, firstBlock, blockCount, annualLosses, firstYear);
  return { firstYear, annualLosses, eventCount };
}

function simulateBlocks(input: SimulateAnnualLossInput, firstBlock: number, blockCount: number, out: Float64Array, outOffsetYear: number): number {
  const { frequency, severity, iterations, seed } = input;
  const logMedian = Math.log(severity.median);
  const sigma = severity.sigma;
  const cap = severity.cap ?? Number.POSITIVE_INFINITY;
  const isPoisson = frequency.kind === 'poisson';
  const rate = isPoisson ? frequency.rate : 0;
  const mean = isPoisson ? 0 : frequency.mean;
  const dispersion = isPoisson ? 1 : frequency.dispersion;
  const expMinusRate = Math.exp(-rate);
  let eventCount = 0;
  const cursor = createBlockStream(seed, firstBlock);
  for (let block = firstBlock; block < firstBlock + blockCount; block++) {
    const rng = cursor.clone();
    cursor.jump();
    const end = Math.min(iterations, (block + 1) * BLOCK_YEARS);
    for (let year = block * BLOCK_YEARS; year < end; year++) {
      let n: number;
      if (isPoisson) {
        if (rate < 10) {
          // Inversion with the precomputed exp(-rate): one 32-bit uniform per year (resolution 2^-32).
          const u = (rng.nextUint32() + 0.5) / 4_294_967_296;
          n = 0;
          let p = expMinusRate;
          let cdf = p;
          while (cdf < u) {
            n += 1;
            p *= rate / n;
            const next = cdf + p;
            if (next === cdf) break;
            cdf = next;
          }
        } else n = samplePoisson(rng, rate);
      } else {
        n = samplePoisson(rng, sampleGamma(rng, dispersion, mean / dispersion));
      }
      let total = 0;
      for (let k = 0; k < n; k++) {
        const x = Math.exp(logMedian + sigma * sampleStandardNormal(rng));
        total += x > cap ? cap : x;
      }
      out[year - outOffsetYear] = total;
      eventCount += n;
    }
  }
  return eventCount;
}
