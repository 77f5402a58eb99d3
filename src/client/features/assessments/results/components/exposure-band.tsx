import { cn } from '@/client/lib/utils.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { rateExposure } from '@/engine/risk-score.ts';
import { formatUsd } from '../../shared/lib/format.ts';

const BAND_STYLES: Record<string, string> = {
  low: 'bg-green-700 text-white',
  guarded: 'bg-lime-700 text-white',
  moderate: 'bg-amber-200 text-amber-950',
  high: 'bg-orange-700 text-white',
  severe: 'bg-red-700 text-white',
};

type BandedResult = Pick<RiskResult, 'annualLoss' | 'profile'>;

/**
 * The band next to the headline: the dollars against revenue and, when typed, the appetite
 * (risk-score.ts, ADR 206), with the figure that set it. Never the posture score's fifth.
 */
export function ExposureBand({ result, appetiteUsd }: { result: BandedResult; appetiteUsd: number | null }) {
  const p = result.annualLoss.percentilesUsd;
  const band = rateExposure(
    {
      expectedUsd: result.annualLoss.expectedUsd,
      oneInTwentyUsd: p.p95,
      oneInHundredUsd: p.p99,
      annualRevenueUsd: result.profile.annualRevenueUsd,
    },
    appetiteUsd,
  );
  return (
    <>
      <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', BAND_STYLES[band.band])} data-testid="risk-band">
        Risk: {band.bandLabel}
      </span>
      <span className="text-sm text-slate-700" data-testid="risk-band-reason">
        because {band.reason}
      </span>
    </>
  );
}

/**
 * The typical peer's expected loss (ADR 207): the posture score's 50 anchor, i.e. the same profile
 * with every answer "partial" on the same simulated years, so no extra run is needed.
 */
export function PeerAleNote({ result }: { result: Pick<RiskResult, 'riskScore'> }) {
  if (!(result.riskScore.averageAleUsd > 0)) return null;
  return (
    <span className="mt-1 block" data-testid="peer-ale">
      A typical organisation of your industry and size: {formatUsd(result.riskScore.averageAleUsd)} (every answer at the middle level, on
      the same simulated years: a model reference, not other customers&apos; data).
    </span>
  );
}
