import { CALIBRATION } from './calibration/calibration.ts';
import { getFactor, type FactorAnswer, type FactorId, type FactorLevel } from './factors.ts';
import { FRAMEWORK_STATUS_LABELS, FRAMEWORKS, NIST_CSF_FUNCTION_FACTORS, NIST_CSF_FUNCTIONS } from './frameworks.ts';
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
  /**
   * Whether the suggestion may fill a missing or "I don't know" answer. False for a
   * self-declared NIST CSF Tier 1: it flags a "Yes" answer as a conflict but never
   * moves an answer to a level that costs more than "I don't know" (ADR 265).
   */
  readonly fillsAnswer: boolean;
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
 * (docs/methodology.md, with the evidence ordering of ADR 265): a current
 * audited certificate or a self-attested framework gives at least "Partly"
 * for the factors its standard covers, "Yes" where it mandates the control; a
 * self-declared NIST CSF tier gives at most what an audited certificate of the
 * same controls gives: Tier 2-4 at least "Partly", Tier 1 only a conflict hint
 * against "Yes" (it fills nothing). A4 follows the status of the regimes that
 * are mandatory for this organisation. There is no separate "compliance
 * discount": the controls carry the effect.
 */
export function suggestFactorAnswers(frameworks: FrameworkStates, options: SuggestOptions = {}): FactorSuggestion[] {
  const byFactor = new Map<FactorId, { level: FactorLevel; bound: 'atLeast' | 'exactly'; reasons: SuggestionReason[] }>();
  const add = (factorId: FactorId, level: FactorLevel, reason: SuggestionReason): void => {
    const current = byFactor.get(factorId);
    if (current === undefined) byFactor.set(factorId, { level, bound: 'atLeast', reasons: [reason] });
    else {
      if (LEVEL_RANK[level] > LEVEL_RANK[current.level]) current.level = level;
      current.reasons.push(reason);
    }
  };

  const tierOneHints: { factorId: FactorId; reason: SuggestionReason }[] = [];
  for (const framework of FRAMEWORKS) {
    const state = frameworks[framework.id];
    if (framework.id === 'nistCsf') {
      if (state === undefined || state.status === 'notApplicable' || state.nistCsfTiers === undefined) continue;
      for (const fn of NIST_CSF_FUNCTIONS) {
        const tier = state.nistCsfTiers[fn];
        if (tier === undefined) continue;
        // Self-declared: never stronger than an audited certificate of the same controls ("Partly"), ADR 265.
        for (const factorId of NIST_CSF_FUNCTION_FACTORS[fn]) {
          const reason = { frameworkId: 'nistCsf' as const, note: `NIST CSF ${fn} at Tier ${tier}` };
          if (tier >= 2) add(factorId, 'partial', reason);
          else tierOneHints.push({ factorId, reason });
        }
      }
      continue;
    }
    if (!isCurrentCompliance(state, options.asOfDate)) continue;
    for (const evidence of framework.evidence) {
      add(evidence.factorId, evidence.minimumLevel, { frameworkId: framework.id, note: `${framework.name}: ${evidence.note}` });
    }
  }

  // A self-declared Tier 1 only flags a "Yes" answer where no other evidence speaks for the factor; it fills nothing.
  const hints = new Set<FactorId>();
  for (const { factorId, reason } of tierOneHints) {
    const current = byFactor.get(factorId);
    if (current === undefined) {
      byFactor.set(factorId, { level: 'worst', bound: 'exactly', reasons: [reason] });
      hints.add(factorId);
    } else if (hints.has(factorId)) current.reasons.push(reason);
  }

  if (options.organisation !== undefined) {
    const a4 = suggestA4FromMandatoryRegimes(frameworks, options.organisation, options.asOfDate);
    if (a4 !== null) {
      // A4 from mandatory regimes overrides framework hints: it is direct evidence of (non-)compliance.
      byFactor.delete('A4');
      hints.delete('A4');
      byFactor.set('A4', { level: a4.level, bound: 'exactly', reasons: a4.reasons });
    }
  }

  return [...byFactor.entries()].map(([factorId, s]) => ({
    factorId,
    suggestedAnswer: s.level,
    bound: s.bound,
    reasons: s.reasons,
    fillsAnswer: !hints.has(factorId),
  }));
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
    reasons.push({ frameworkId, note: `${REGIME_LABELS[regime]} applies and its status is “${FRAMEWORK_STATUS_LABELS[state.status === 'notApplicable' ? 'notStarted' : state.status]}”` });
  }
  if (reasons.length === 0) return null;
  // An unknown regime could only lower A4 further, so a given "worst" still holds; a better level does not.
  if (hasUnknownStatus && level !== 'worst') return null;
  return { level, reasons };
}

/**
 * Fills unanswered and "unknown" factors from the suggestions; answers already
 * given are kept. Evidence never moves an answer to a level that costs more
 * than "I don't know" (ADR 265): an "unknown" answer with "Partly" evidence
 * stays unknown (the simulation lifts its "No" years to "Partly", see
 * `unknownAnswerFloors`); "Yes" evidence replaces it, and so does an A4 of
 * "No" from a mandatory regime stated as not started (a statement of
 * non-compliance, not evidence of a control).
 */
export function applyFactorSuggestions(answers: FactorAnswers, suggestions: readonly FactorSuggestion[]): FactorAnswers {
  const filled: { [F in FactorId]?: FactorAnswer } = { ...answers };
  for (const s of suggestions) {
    if (!s.fillsAnswer) continue;
    const answer = filled[s.factorId];
    const keepsUnknown = answer === 'unknown' && s.suggestedAnswer === 'partial';
    if ((answer === undefined || answer === 'unknown') && !keepsUnknown) filled[s.factorId] = s.suggestedAnswer;
  }
  return filled;
}

/**
 * Per factor, the least level an "I don't know" answer can take in a simulated
 * year given the evidence (ADR 265): "at least Partly" evidence turns the
 * population mix's "No" years into "Partly" and leaves its "Yes" years, so
 * every year costs no more than without the evidence. Factors without such
 * evidence are absent (their unknown answer is the plain population mix).
 */
export function unknownAnswerFloors(suggestions: readonly FactorSuggestion[]): { readonly [F in FactorId]?: FactorLevel } {
  const floors: { [F in FactorId]?: FactorLevel } = {};
  for (const s of suggestions) if (s.fillsAnswer && s.suggestedAnswer !== 'worst') floors[s.factorId] = s.suggestedAnswer;
  return floors;
}

/** The option label the user chose from (never the code: "partial", "worst"). */
export function answerLabel(factorId: FactorId, answer: FactorAnswer): string {
  return getFactor(factorId).options.find((o) => o.value === answer)?.label ?? answer;
}

/** How a conflict is told, in the words the user answered in: the question, the label chosen and the label the evidence points to. */
export interface ConflictWording {
  readonly question: string;
  readonly answered: string;
  readonly suggested: string;
}

/** One conflict in words: the engine's own (factor names, ADR 314) or a path's (src/reports/result-notes.ts). */
export function describeConflict(conflict: Pick<FactorAnswerConflict, 'suggestion'>, wording: ConflictWording): string {
  const { suggestion } = conflict;
  const why = suggestion.reasons.map((r) => r.note).join('; ');
  return `You answered “${wording.answered}” to “${wording.question}”, but the compliance evidence suggests ${suggestion.bound === 'atLeast' ? 'at least ' : ''}“${wording.suggested}” (${why}).`;
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
    const wording = {
      question: getFactor(suggestion.factorId).name,
      answered: answerLabel(suggestion.factorId, answer),
      suggested: answerLabel(suggestion.factorId, suggestion.suggestedAnswer),
    };
    conflicts.push({ factorId: suggestion.factorId, answer, suggestion, message: describeConflict({ suggestion }, wording) });
  }
  return conflicts;
}
