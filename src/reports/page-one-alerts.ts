import type { Coverage } from '@/contracts/risk-profile.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { controlName } from './control-names.ts';
import { formatUsdExact } from './format.ts';

/**
 * What would embarrass the board if it read it only in an appendix goes on page 1 (ADR 273): a
 * framework claimed while a control it requires is at its weakest answer, and a severe incident
 * the policy limit does not cover.
 */

function frameworkName(id: string | null): string | null {
  return id === null ? null : (FRAMEWORKS.find((f) => f.id === id)?.name ?? null);
}

/** One sentence per claimed framework contradicted by a control at its weakest answer. */
export function conflictAlerts(result: Pick<RiskResult, 'frameworkConflicts'>): string[] {
  const conflicts = (result.frameworkConflicts ?? []).filter((c) => c.answer === 'worst');
  return conflicts.map((c) => {
    const names = [...new Set(c.suggestion.reasons.map((r) => frameworkName(r.frameworkId)).filter((n): n is string => n !== null))];
    const claim = names.length === 0 ? 'the compliance claimed' : names.join(' and ');
    return `Conflict: we claim ${claim}, yet ${controlName(c.factorId)} is at its weakest answer. Either the claim or the answer is wrong; an auditor or insurer would see it at once.`;
  });
}

/** The severe incident against the limit, said only when the limit does not cover it. */
export function severeIncidentAlert(coverage: Coverage): string | null {
  const severe = coverage.severeIncident;
  if (coverage.policy === null || severe.isWithinLimit !== false) return null;
  return `A severe incident (1 incident in 20 costs more) would cost ${formatUsdExact(severe.costUsd)}, more than the ${formatUsdExact(coverage.policy.limitUsd)} policy limit pays: we would keep ${formatUsdExact(severe.uninsuredUsd)} of it.`;
}

export function pageOneAlerts(result: Pick<RiskResult, 'frameworkConflicts'>, coverage: Coverage): string[] {
  const severe = severeIncidentAlert(coverage);
  return [...conflictAlerts(result), ...(severe === null ? [] : [severe])];
}
