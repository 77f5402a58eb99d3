import { CALIBRATION } from './calibration/calibration.ts';
import type { FactorAnswer, FactorId, FactorLevel } from './factors.ts';
import { FRAMEWORKS, NIST_CSF_FUNCTION_FACTORS, NIST_CSF_FUNCTIONS } from './frameworks.ts';
import type { FrameworkId } from './frameworks.ts';
import { findApplicableRegimes, REGIME_FRAMEWORK, REGIME_LABELS } from './regimes.ts';
import type { FactorAnswers, FrameworkState, FrameworkStates, OrganisationProfile } from './risk-input.ts';

/** Why a factor answer is suggested. */
interface SuggestionReason {
  readonly frameworkId: FrameworkId | null;
  readonly note: string;
}

/**
 * A suggested answer for one factor. `atLeast`: the evidence shows the
 * control exists at this level or better. `exactly`: the evidence sets the
 * answer (NIST CSF tier 1, A4 from the status of mandatory regimes).
 */
export interface FactorSuggestion {
  readonly factorId: FactorId;
  readonly suggestedAnswer: FactorLevel;
  readonly bound: 'atLeast' | 'exactly';
  readonly reasons: readonly SuggestionReason[];
}

/** An answer that contradicts the compliance evidence. */
export interface FactorAnswerConflict {
  readonly factorId: FactorId;
  readonly answer: FactorAnswer;
  readonly suggestion: FactorSuggestion;
  readonly message: string;
}

/** Options for `suggestFactorAnswers`. */
interface SuggestOptions {
  /** Needed to derive A4 from the regimes that apply (data held, public listing). */
  readonly organisation?: OrganisationProfile;
  /** ISO date; compliant statuses dated more than 12 months earlier are ignored. Omit to skip the date check. */
  readonly asOfDate?: string;
}

const LEVEL_RANK: { readonly [L in FactorLevel]: number } = { worst: 0, partial: 1, best: 2 };
const EVIDENCE_MAX_AGE_DAYS = CALIBRATION.evidenceMaxAgeDays.value;

/** True when a framework is "compliant" and, if both dates are known, no older than 12 months. */
export function isCurrentCompliance(state: FrameworkState | undefined, asOfDate?: string): boolean {
  if (state === undefined || state.status !== 'compliant') return false;
  if (asOfDate === undefined || state.since === undefined) return true;
  const ageDays = (Date.parse(asOfDate) - Date.parse(state.since)) / 86_400_000;
  return Number.isFinite(ageDays) && ageDays <= EVIDENCE_MAX_AGE_DAYS;
}

/**
 * Turns compliance framework statuses into suggested factor answers
 * (docs/methodology.md): a current certificate or attestation gives at least
 * "Partly" for the factors its standard covers, "Yes" where it mandates the
 * control; NIST CSF tiers 3-4 give "Yes", tier 2 "Partly", tier 1 "No"
 * (assumption); A4 follows the status of the regimes that are mandatory for
 * this organisation. There is no separate "compliance discount": the
 * controls carry the effect.
 */
export function suggestFactorAnswers(frameworks: FrameworkStates, options: SuggestOptions = {}): FactorSuggestion[] {
  const byFactor = new Map<FactorId, { level: FactorLevel; bound: 'atLeast' | 'exactly'; reasons: SuggestionReason[] }>();
  const add = (factorId: FactorId, level: FactorLevel, bound: 'atLeast' | 'exactly', reason: SuggestionReason): void => {
    const current = byFactor.get(factorId);
    if (current === undefined) {
      byFactor.set(factorId, { level, bound, reasons: [reason] });
      return;
    }
    if (current.bound === 'exactly' && bound === 'exactly') {
      // Conflicting exact evidence: keep the more cautious (worse) level.
      if (LEVEL_RANK[level] < LEVEL_RANK[current.level]) current.level = level;
    } else if (bound === 'exactly') {
      current.level = level;
      current.bound = 'exactly';
    } else if (current.bound === 'atLeast' && LEVEL_RANK[level] > LEVEL_RANK[current.level]) {
      current.level = level;
    }
    current.reasons.push(reason);
  };

  for (const framework of FRAMEWORKS) {
    const state = frameworks[framework.id];
    if (framework.id === 'nistCsf') {
      if (state === undefined || state.status === 'notApplicable' || state.nistCsfTiers === undefined) continue;
      for (const fn of NIST_CSF_FUNCTIONS) {
        const tier = state.nistCsfTiers[fn];
        if (tier === undefined) continue;
        const level: FactorLevel = tier >= 3 ? 'best' : tier === 2 ? 'partial' : 'worst';
        for (const factorId of NIST_CSF_FUNCTION_FACTORS[fn]) {
          add(factorId, level, tier === 1 ? 'exactly' : 'atLeast', { frameworkId: 'nistCsf', note: `NIST CSF ${fn} at Tier ${tier}` });
        }
      }
      continue;
    }
    if (!isCurrentCompliance(state, options.asOfDate)) continue;
    for (const evidence of framework.evidence) {
      add(evidence.factorId, evidence.minimumLevel, 'atLeast', { frameworkId: framework.id, note: `${framework.name}: ${evidence.note}` });
    }
  }

  if (options.organisation !== undefined) {
    const a4 = suggestA4FromMandatoryRegimes(frameworks, options.organisation, options.asOfDate);
    if (a4 !== null) {
      // A4 from mandatory regimes overrides framework hints: it is direct evidence of (non-)compliance.
      byFactor.delete('A4');
      byFactor.set('A4', { level: a4.level, bound: 'exactly', reasons: a4.reasons });
    }
  }

  return [...byFactor.entries()].map(([factorId, s]) => ({ factorId, suggestedAnswer: s.level, bound: s.bound, reasons: s.reasons }));
}

/**
 * A4 from the status of the regimes that are mandatory for this organisation:
 * the worst of them. A status that was not given (no entry, or "unknown") is
 * not an answer: it is never read as "not started" (ADR 214). Unknown statuses
 * leave A4 open unless a given status already makes it "worst"; with no given
 * status there is no suggestion, so no conflict can be raised.
 */
function suggestA4FromMandatoryRegimes(
  frameworks: FrameworkStates,
  organisation: OrganisationProfile,
  asOfDate: string | undefined,
): { level: FactorLevel; reasons: SuggestionReason[] } | null {
  let level: FactorLevel = 'best';
  let hasUnknownStatus = false;
  const reasons: SuggestionReason[] = [];
  for (const regime of findApplicableRegimes(organisation, frameworks)) {
    const frameworkId = REGIME_FRAMEWORK[regime];
    if (frameworkId === null) continue;
    const state = frameworks[frameworkId];
    if (state === undefined || state.status === 'unknown') {
      hasUnknownStatus = true;
      continue;
    }
    const regimeLevel: FactorLevel = isCurrentCompliance(state, asOfDate) ? 'best' : state.status === 'inProgress' ? 'partial' : 'worst';
    if (LEVEL_RANK[regimeLevel] < LEVEL_RANK[level]) level = regimeLevel;
    reasons.push({ frameworkId, note: `${REGIME_LABELS[regime]} applies and its status is ${state.status === 'notApplicable' ? 'not started' : state.status}` });
  }
  if (reasons.length === 0) return null;
  // An unknown regime could only lower A4 further, so a given "worst" still holds; a better level does not.
  if (hasUnknownStatus && level !== 'worst') return null;
  return { level, reasons };
}

/**
 * Fills unanswered and "unknown" factors from the suggestions (compliance
 * evidence is better than "I don't know"); answers already given are kept.
 */
export function applyFactorSuggestions(answers: FactorAnswers, suggestions: readonly FactorSuggestion[]): FactorAnswers {
  const filled: { [F in FactorId]?: FactorAnswer } = { ...answers };
  for (const s of suggestions) if (filled[s.factorId] === undefined || filled[s.factorId] === 'unknown') filled[s.factorId] = s.suggestedAnswer;
  return filled;
}

/** Answers that contradict the evidence (validation of the questionnaire against the compliance section). */
export function findFactorAnswerConflicts(answers: FactorAnswers, suggestions: readonly FactorSuggestion[]): FactorAnswerConflict[] {
  const conflicts: FactorAnswerConflict[] = [];
  for (const suggestion of suggestions) {
    const answer = answers[suggestion.factorId];
    if (answer === undefined || answer === 'notApplicable' || answer === 'unknown') continue;
    const isConflict =
      suggestion.bound === 'atLeast'
        ? LEVEL_RANK[answer] < LEVEL_RANK[suggestion.suggestedAnswer]
        : answer !== suggestion.suggestedAnswer;
    if (!isConflict) continue;
    const why = suggestion.reasons.map((r) => r.note).join('; ');
    conflicts.push({
      factorId: suggestion.factorId,
      answer,
      suggestion,
      message: `${suggestion.factorId} is answered "${answer}" but the compliance evidence suggests ${suggestion.bound === 'atLeast' ? 'at least ' : ''}"${suggestion.suggestedAnswer}" (${why}).`,
    });
  }
  return conflicts;
}
