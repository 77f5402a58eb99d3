import { SUB_LIMIT_IDS, SUB_LIMIT_LABELS, type Coverage, type RiskProfileSettings } from '@/contracts/risk-profile.ts';
import type { StoredRiskResult } from '@/contracts/risk.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatPercent, formatReturnPeriod, formatUsdExact } from './format.ts';
import { readResult } from './read-result.ts';

/**
 * THE coverage-gap and risk-appetite figures of one completed assessment (ADR 218, 219): the
 * results page (through GET /api/risk-profile/assessments/:id/coverage), the PDF, the deck and the
 * workbook all print what this returns, so the four agree to the dollar. Dollar figures are whole
 * dollars, rounded here once.
 */

type CoverageResult = StoredRiskResult | RiskResult;
type Chance = NonNullable<Coverage['appetite']>['chanceOfExceeding'];
type PolicyTerms = { limitUsd: number; retentionUsd: number; coinsuranceShare: number; expectedRecoveredAnnualUsd: number };

const BAD_YEARS = [
  { id: 'oneInTwenty', label: 'A 1-in-20 year', percentile: 'p95' },
  { id: 'oneInHundred', label: 'A 1-in-100 year', percentile: 'p99' },
] as const;

export const SUB_LIMIT_NOTE =
  'Sub-limits are shown but not modelled per scenario yet: the policy is applied with its aggregate limit and retention only, so a loss above a sub-limit leaves more with the organisation than shown.';

const usd = (value: number) => Math.round(value);

/** The policy the engine ran with (the stored result's), or null when the assessment had none. */
function policyTermsOf(result: CoverageResult): PolicyTerms | null {
  const insurance = result.insurance as (Partial<PolicyTerms> & { expectedRecoveredAnnualUsd: number }) | null;
  if (insurance === null || insurance.limitUsd === undefined) return null;
  return {
    limitUsd: insurance.limitUsd,
    retentionUsd: insurance.retentionUsd ?? 0,
    coinsuranceShare: insurance.coinsuranceShare ?? 0,
    expectedRecoveredAnnualUsd: insurance.expectedRecoveredAnnualUsd,
  };
}

/** Percentiles of the annual loss kept after insurance (the engine's net figures); null without a policy. */
function netPercentilesOf(result: CoverageResult): Record<'p95' | 'p99', number> | null {
  const insurance = result.insurance as { netPercentilesUsd?: Record<'p95' | 'p99', number> } | null;
  return insurance?.netPercentilesUsd ?? null;
}

/**
 * P(annual loss > amount) read off the stored loss curve: linear in probability between the two
 * points around the amount on a log scale of loss (the curve's points are log-spaced). Outside the
 * curve's range only a bound is honest.
 */
export function chanceOfExceeding(curve: readonly { lossUsd: number; probability: number }[], amountUsd: number): Chance {
  const first = curve[0];
  const last = curve[curve.length - 1];
  if (first === undefined || last === undefined) return { probability: 0, bound: 'atMost' };
  if (amountUsd < first.lossUsd) return { probability: first.probability, bound: 'atLeast' };
  if (amountUsd > last.lossUsd) return { probability: last.probability, bound: 'atMost' };
  for (let i = 1; i < curve.length; i++) {
    const upper = curve[i] as { lossUsd: number; probability: number };
    const lower = curve[i - 1] as { lossUsd: number; probability: number };
    if (amountUsd <= upper.lossUsd) {
      const span = Math.log(upper.lossUsd) - Math.log(lower.lossUsd);
      const t = span > 0 ? (Math.log(amountUsd) - Math.log(lower.lossUsd)) / span : 0;
      return { probability: lower.probability + t * (upper.probability - lower.probability), bound: 'about' };
    }
  }
  return { probability: last.probability, bound: 'atMost' };
}

function chanceText(chance: Chance): string {
  const words = { about: 'about', atLeast: 'at least', atMost: 'at most' }[chance.bound];
  return chance.probability <= 0
    ? 'less than 1 in 100,000 a year'
    : `${words} ${formatPercent(chance.probability)} a year (${formatReturnPeriod(chance.probability)})`;
}

/** One incident's cost against the policy: retention and co-insurance per incident, then the limit. */
function severeIncident(costUsd: number, policy: PolicyTerms | null): Coverage['severeIncident'] {
  if (policy === null) return { costUsd: usd(costUsd), insurerPaysUsd: 0, uninsuredUsd: usd(costUsd), isWithinLimit: null };
  const claim = Math.max(0, costUsd - policy.retentionUsd) * (1 - policy.coinsuranceShare);
  const paid = Math.min(policy.limitUsd, claim);
  return {
    costUsd: usd(costUsd),
    insurerPaysUsd: usd(paid),
    uninsuredUsd: usd(costUsd) - usd(paid),
    isWithinLimit: claim <= policy.limitUsd,
  };
}

function badYears(result: CoverageResult, appetiteUsd: number | null): Coverage['badYears'] {
  const net = netPercentilesOf(result);
  return BAD_YEARS.map(({ id, label, percentile }) => {
    const beforeInsuranceUsd = usd(result.annualLoss.percentilesUsd[percentile]);
    // Without a policy every dollar stays; with one, the 1-in-N year of what is kept (ADR 218).
    const uninsuredUsd = net === null ? beforeInsuranceUsd : usd(net[percentile]);
    return { id, label, beforeInsuranceUsd, uninsuredUsd, isAboveAppetite: appetiteUsd === null ? null : uninsuredUsd > appetiteUsd };
  });
}

function policySentences(policy: Coverage['policy']): string[] {
  if (policy === null) return ['No cyber-insurance policy was entered, so every dollar of loss stays with the organisation.'];
  const coinsurance = policy.coinsuranceShare > 0 ? `, ${formatPercent(policy.coinsuranceShare)} co-insurance` : '';
  return [
    `Policy: ${formatUsdExact(policy.limitUsd)} aggregate limit, ${formatUsdExact(policy.retentionUsd)} retention per incident${coinsurance}; it recovers ${formatUsdExact(policy.expectedRecoveredAnnualUsd)} in an average year.`,
  ];
}

/** Both bad years in one sentence: the cost before insurance and what stays uninsured. */
function badYearsSentence(years: Coverage['badYears'], hasPolicy: boolean): string {
  const parts = years.map((y, i) => {
    const name = i === 0 ? y.label : y.label.replace(/^A /, 'a ');
    if (!hasPolicy) return `${name} costs ${formatUsdExact(y.beforeInsuranceUsd)}`;
    return `${name} costs ${formatUsdExact(y.beforeInsuranceUsd)} before insurance and leaves ${formatUsdExact(y.uninsuredUsd)} uninsured`;
  });
  return `${parts.join('; ')}${hasPolicy ? '' : ', all of it uninsured'}.`;
}

/**
 * The limit advice, sized to the 1-in-100 year and the severe incident (ADR 273): never a lower
 * limit without saying it is a cut in cover; a larger one only when the current one falls short.
 */
function limitSentence(
  limitToCoverUsd: number | null,
  engineVersion: string,
  policy: Coverage['policy'],
  severe: Coverage['severeIncident'],
): string {
  if (limitToCoverUsd === null) return `The limit that would cover a 1-in-100 year: not available for model ${engineVersion}.`;
  if (policy === null)
    return `A limit of ${formatUsdExact(limitToCoverUsd)} would pay everything insurable in a 1-in-100 year (after retention and co-insurance).`;
  if (policy.limitUsd < limitToCoverUsd)
    return `Raising the limit from ${formatUsdExact(policy.limitUsd)} to ${formatUsdExact(limitToCoverUsd)} would pay everything insurable in a 1-in-100 year (after retention and co-insurance).`;
  const severeWords = severe.isWithinLimit === false ? '' : `, and it covers a severe incident (${formatUsdExact(severe.costUsd)})`;
  return `The ${formatUsdExact(policy.limitUsd)} limit already pays everything insurable in a 1-in-100 year (that needs ${formatUsdExact(limitToCoverUsd)})${severeWords}. Any lower limit would be a cut in cover: keep it unless the premium saved is worth more than the larger loss kept in a severe year.`;
}

/** The retention against the appetite: a retention above what the organisation can absorb is said plainly. */
function retentionSentence(policy: Coverage['policy'], appetiteUsd: number | null): string[] {
  if (policy === null || appetiteUsd === null || policy.retentionUsd <= appetiteUsd) return [];
  return [
    `The ${formatUsdExact(policy.retentionUsd)} retention per incident is above the ${formatUsdExact(appetiteUsd)} appetite: one incident alone would exceed what we said we can absorb.`,
  ];
}

function severeSentence(severe: Coverage['severeIncident']): string {
  const opening = `A severe incident (1 in 20 incidents costs more) costs ${formatUsdExact(severe.costUsd)}`;
  if (severe.isWithinLimit === null) return `${opening}; with no policy the organisation pays all of it.`;
  const verdict = severe.isWithinLimit ? 'the limit covers it' : 'the limit does not cover it';
  return `${opening}; the policy pays ${formatUsdExact(severe.insurerPaysUsd)} and the organisation keeps ${formatUsdExact(severe.uninsuredUsd)}: ${verdict}.`;
}

function appetiteSentences(appetite: Coverage['appetite'], years: Coverage['badYears'], hasPolicy: boolean): string[] {
  if (appetite === null)
    return ['No risk appetite was set: set the loss in a year the organisation can absorb to see how often it would be exceeded.'];
  const kept = years.map(
    (y) => `${y.label.replace(/^A /, 'a ')} leaves ${formatUsdExact(y.uninsuredUsd)}, ${y.isAboveAppetite ? 'above' : 'within'} it`,
  );
  return [
    `Risk appetite: ${formatUsdExact(appetite.amountUsd)} in a year. The chance that a year's loss before insurance exceeds it is ${appetite.chanceText}.`,
    `${hasPolicy ? 'After insurance' : 'With no policy'}, ${kept.join('; ')}.`,
  ];
}

/** The coverage gap and the appetite of a completed assessment, from its stored result and the risk profile kept with it. */
export function computeCoverage(result: CoverageResult, settings: RiskProfileSettings | null): Coverage {
  const terms = policyTermsOf(result);
  // Sub-limits belong to the policy the assessment ran with; a policy given on the assessment itself has none.
  const entered = terms !== null ? (settings?.policy ?? null) : null;
  const policy: Coverage['policy'] =
    terms === null
      ? null
      : {
          ...terms,
          limitUsd: usd(terms.limitUsd),
          retentionUsd: usd(terms.retentionUsd),
          expectedRecoveredAnnualUsd: usd(terms.expectedRecoveredAnnualUsd),
          subLimits: SUB_LIMIT_IDS.flatMap((id) =>
            entered?.subLimits[id] == null ? [] : [{ id, label: SUB_LIMIT_LABELS[id], amountUsd: usd(entered.subLimits[id]) }],
          ),
        };
  const appetiteUsd = settings?.appetiteUsd ?? null;
  const years = badYears(result, appetiteUsd);
  const view = readResult(result);
  const severe = severeIncident(view.eventP95Usd, terms);
  const limitToCoverOneInHundredYearUsd = view.oneInHundred === null ? null : usd(view.oneInHundred.limitToCoverOneInHundredYearUsd);
  const lossCurve = result.lossExceedanceCurve.map((p) => ({ lossUsd: p.lossUsd, probability: p.probability }));
  const chance = appetiteUsd === null ? null : chanceOfExceeding(lossCurve, appetiteUsd);
  const appetite =
    appetiteUsd === null || chance === null
      ? null
      : { amountUsd: usd(appetiteUsd), chanceOfExceeding: chance, chanceText: chanceText(chance) };
  return {
    policy,
    badYears: years,
    severeIncident: severe,
    appetite,
    limitToCoverOneInHundredYearUsd,
    lossCurve,
    sentences: [
      ...policySentences(policy),
      badYearsSentence(years, policy !== null),
      limitSentence(limitToCoverOneInHundredYearUsd, view.engineVersion, policy, severe),
      ...retentionSentence(policy, appetiteUsd),
      severeSentence(severe),
      ...appetiteSentences(appetite, years, policy !== null),
    ],
    subLimitNote: policy !== null && policy.subLimits.length > 0 ? SUB_LIMIT_NOTE : null,
  };
}
