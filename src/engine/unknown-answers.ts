import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import { FACTORS } from './factors.ts';
import type { FactorId, FactorLevel } from './factors.ts';

/** Share of the population at each level of a factor (sums to 1). */
interface LevelPrevalence {
  readonly best: number;
  readonly partial: number;
  readonly worst: number;
  /** Calibration keys the shares come from. */
  readonly sourceKeys: readonly CalibrationKey[];
}

/**
 * Prevalence of each answer level, used to spread an "unknown" answer
 * (ADR 101). The factor multipliers were built so that the population mean
 * is the "partial" multiplier 1.0 (docs/methodology.md): frequency
 * effects re-centred on a prevalence p (patching p = 0.24 from MMC23, MFA and
 * hardening p = 0.5 assumed), severity effects as a symmetric split around
 * 1.0, i.e. half the population at each end. The prevalence that is
 * consistent with that construction is therefore p at "best" and 1 - p at
 * "worst". Spreading an unknown answer this way keeps the expected
 * multiplier at the population average while the distribution widens.
 */
function prevalenceFor(id: FactorId): LevelPrevalence {
  if (id === 'M4') {
    const p = CALIBRATION.patchingPrevalence.value;
    return { best: p, partial: 0, worst: 1 - p, sourceKeys: ['patchingPrevalence'] };
  }
  if (id === 'M3' || id === 'M5') {
    const p = CALIBRATION.assumedPrevalenceHardeningMfa.value;
    return { best: p, partial: 0, worst: 1 - p, sourceKeys: ['assumedPrevalenceHardeningMfa'] };
  }
  const p = CALIBRATION.assumedPrevalenceSeverityControls.value;
  return { best: p, partial: 0, worst: 1 - p, sourceKeys: ['assumedPrevalenceSeverityControls'] };
}

/** Level prevalence of every factor, in catalogue order. */
export const UNKNOWN_ANSWER_PREVALENCE: { readonly [F in FactorId]: LevelPrevalence } = Object.fromEntries(FACTORS.map((f) => [f.id, prevalenceFor(f.id)])) as {
  readonly [F in FactorId]: LevelPrevalence;
};

/** The level an unknown answer takes in a simulated year whose uniform draw for this factor is `u` in [0, 1). */
export function levelForUniform(prevalence: LevelPrevalence, u: number): FactorLevel {
  if (u < prevalence.best) return 'best';
  if (u < prevalence.best + prevalence.partial) return 'partial';
  return 'worst';
}
