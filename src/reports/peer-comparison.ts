import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { FACTORS } from '@/engine/factors.ts';
import { withAnswers } from '@/engine/posture-figures.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { rateExposure, type ExposureFigures } from '@/engine/risk-score.ts';
import { formatPercent, formatUsdShort } from './format.ts';
import { resultOfRun, type ModelRunResults, type ModelRuns } from './model-runs.ts';

/**
 * The typical organisation of the same industry and size (ADR 207): the assessed profile
 * (industry, headcount, revenue, records, compliance) with every security answer "partial", the
 * population average the model is calibrated to, run on the same seed and number of years as the
 * assessment so that the difference is the answers alone. A model reference, never other
 * customers' data.
 */

/** The figures page 1 compares, for one organisation. */
export interface ComparedFigures {
  readonly expectedUsd: number;
  readonly probabilityOfAnyEvent: number;
  readonly costIfItHappensUsd: number;
  /** A severe incident: 1 in 20 incidents costs more. */
  readonly costIfItHappensP95Usd: number;
  readonly oneInTwentyUsd: number;
  readonly oneInHundredUsd: number;
  readonly bandLabel: string;
}

export interface PeerComparison {
  /** Column heading of the reference. */
  readonly peerLabel: string;
  /** What the reference is, in one line: printed wherever the figures are. */
  readonly note: string;
  readonly rows: readonly { readonly label: string; readonly own: string; readonly peer: string }[];
  /** The comparison in one sentence, printed with `note`. */
  readonly sentence: string;
  /** The sentence with the reference named in it, for a slide that has no room for the note. */
  readonly slideLine: string;
  readonly own: ComparedFigures;
  readonly peer: ComparedFigures;
}

export const PEER_LABEL = 'Typical peer (model reference)';
export const PEER_NOTE =
  'Typical peer: the same model and simulated years for our industry, size, records and compliance with every security answer "partly in place" (the population average); a model reference, not other customers\' data.';

const everyAnswerPartial = () => Object.fromEntries(FACTORS.map((f) => [f.id, 'partial'] as const));

function figuresOf(
  result: Pick<RiskResult, 'annualLoss' | 'probabilityOfAnyEvent' | 'costIfItHappens' | 'profile'>,
  appetiteUsd: number | null,
): ComparedFigures {
  const exposure: ExposureFigures = {
    expectedUsd: result.annualLoss.expectedUsd,
    oneInTwentyUsd: result.annualLoss.percentilesUsd.p95,
    oneInHundredUsd: result.annualLoss.percentilesUsd.p99,
    annualRevenueUsd: result.profile.annualRevenueUsd,
  };
  return {
    expectedUsd: exposure.expectedUsd,
    probabilityOfAnyEvent: result.probabilityOfAnyEvent,
    costIfItHappensUsd: result.costIfItHappens.percentilesUsd.p50,
    costIfItHappensP95Usd: result.costIfItHappens.percentilesUsd.p95,
    oneInTwentyUsd: exposure.oneInTwentyUsd,
    oneInHundredUsd: exposure.oneInHundredUsd,
    bandLabel: rateExposure(exposure, appetiteUsd).bandLabel,
  };
}

function compareSentence(own: ComparedFigures, peer: ComparedFigures): string {
  const ratio = peer.expectedUsd > 0 ? own.expectedUsd / peer.expectedUsd : 1;
  // Within 5% is "about the same": closer than that is within the simulation's noise for most profiles.
  const verdict =
    Math.abs(ratio - 1) <= 0.05
      ? 'about the same as'
      : ratio < 1
        ? `${formatPercent(1 - ratio)} below`
        : ratio < 1.5
          ? `${formatPercent(ratio - 1)} above`
          : `${ratio.toFixed(1)} times`;
  return `Our expected loss of ${formatUsdShort(own.expectedUsd)} a year is ${verdict} the ${formatUsdShort(peer.expectedUsd)} of a typical organisation of our industry and size`;
}

/** Builds the comparison from this organisation's and the typical peer's figures. */
export function comparePeer(own: ComparedFigures, peer: ComparedFigures): PeerComparison {
  return {
    peerLabel: PEER_LABEL,
    note: PEER_NOTE,
    rows: [
      // Short labels: the row of five fits one line on page 1 and a phone's table.
      { label: 'Expected loss a year', own: formatUsdShort(own.expectedUsd), peer: formatUsdShort(peer.expectedUsd) },
      { label: 'Chance of an incident', own: formatPercent(own.probabilityOfAnyEvent), peer: formatPercent(peer.probabilityOfAnyEvent) },
      { label: 'Typical incident', own: formatUsdShort(own.costIfItHappensUsd), peer: formatUsdShort(peer.costIfItHappensUsd) },
      { label: '1-in-100 year', own: formatUsdShort(own.oneInHundredUsd), peer: formatUsdShort(peer.oneInHundredUsd) },
      { label: 'Exposure band', own: own.bandLabel, peer: peer.bandLabel },
    ],
    sentence: `${compareSentence(own, peer)}.`,
    slideLine: `${compareSentence(own, peer)} (a model reference, not other customers' data).`,
    own,
    peer,
  };
}

const PEER_RUN = 'peer';

/**
 * The peer's engine run for a stored assessment (ADR 207): one run without attribution (about
 * 0.1 s), on the server's engine pool (ADR 323). None when the result was computed by another
 * model version, whose seed and years the current model would not reproduce.
 */
export function peerRuns(input: RiskInput, result: RiskResult): ModelRuns {
  if (result.engineVersion !== ENGINE_VERSION) return {};
  return { [PEER_RUN]: { input: withAnswers(input, everyAnswerPartial()), options: { seed: result.seed, iterations: result.iterations, attribution: false } } };
}

/** The comparison for a stored assessment from the result of peerRuns; null when there is no such run. */
export function computePeerComparison(result: RiskResult, appetiteUsd: number | null, results: ModelRunResults): PeerComparison | null {
  if (result.engineVersion !== ENGINE_VERSION) return null;
  return comparePeer(figuresOf(result, appetiteUsd), figuresOf(resultOfRun(results, PEER_RUN), appetiteUsd));
}
