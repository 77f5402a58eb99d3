import { formatPercent, formatUsdShort } from './format.ts';
import type { PeerComparison } from './peer-comparison.ts';
import type { ReportModel } from './report-model.ts';

/**
 * Page 1's peer comparison (ADR 207): each headline tile carries the typical peer's figure under
 * its own, and one line names the band, the peer's expected loss and what the reference is. A
 * separate table did not fit page 1 beside the loss curve.
 */
export function peerTileValues(peer: PeerComparison | null) {
  if (peer === null) return null;
  const p = peer.peer;
  return {
    probabilityOfAnyEvent: formatPercent(p.probabilityOfAnyEvent),
    costIfItHappensUsd: formatUsdShort(p.costIfItHappensUsd),
    costIfItHappensP95Usd: formatUsdShort(p.costIfItHappensP95Usd),
    oneInHundredUsd: formatUsdShort(p.oneInHundredUsd),
  };
}

/** "Exposure band: Moderate (...). Typical peer: ...": the band and the comparison in one paragraph. */
export function peerLinePdf(model: Pick<ReportModel, 'headline' | 'peer'>): string {
  const band = `Exposure band: ${model.headline.riskBandLabel}, because ${model.headline.riskBandReason}.`;
  if (model.peer === null) return band;
  return `${band} ${model.peer.sentence} ${model.peer.note}`;
}
