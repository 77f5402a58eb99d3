import type { AssessmentPath } from '@/contracts/assessments.ts';
import { findQuestionForFactor, type BusinessAnswers, type BusinessQuestion, type BusinessQuestionId } from '@/contracts/business-questions.ts';
import { describeAssumedAnswers, describeUnknownAnswers } from '@/engine/answer-notes.ts';
import { FACTOR_IDS, getFactor, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import type { RiskResult, RiskWarning } from '@/engine/risk-result.ts';
import { answerLabel, describeConflict, type FactorAnswerConflict } from '@/engine/suggest-factor-answers.ts';

/**
 * The notes a result carries (unanswered and "I don't know" answers, answers the compliance
 * evidence contradicts, the calibrated range), told in the words the user answered in (ADR 314):
 * on the business leaders' path the plain question, once however many factors it feeds, and the
 * label of the option chosen; on the others the question's name and its option label. Never a
 * factor code ("M3") or an answer code ("partial"). Written from the result's own fields, so a
 * result stored with older wording reads the same.
 */

/** How the assessment was answered: its path and, on the business path, the options chosen. */
export interface AnsweredAs {
  readonly path: AssessmentPath;
  readonly businessAnswers: BusinessAnswers;
}

export interface ResultNote {
  readonly code: RiskWarning['code'];
  readonly text: string;
}

type NotedResult = Pick<RiskResult, 'warnings' | 'factorAnswers' | 'assumedFactors'> & { readonly frameworkConflicts?: readonly FactorAnswerConflict[] };

/** The plain question that answers a factor on the business path; null on the other paths. */
function businessQuestion(factorId: FactorId, answeredAs: AnsweredAs | null): BusinessQuestion | null {
  return answeredAs?.path === 'business' ? findQuestionForFactor(factorId) : null;
}

function questionOf(factorId: FactorId, answeredAs: AnsweredAs | null): string {
  return businessQuestion(factorId, answeredAs)?.question ?? getFactor(factorId).name;
}

/** The questions behind these factors, once each, in catalogue order: one plain question may feed several factors. */
function questionsOf(factorIds: readonly FactorId[], answeredAs: AnsweredAs | null): string[] {
  return [...new Set(factorIds.map((id) => questionOf(id, answeredAs)))];
}

/**
 * The label of the option that gives the factor this answer: the option the user chose when it
 * does, else the first option of the question that does (a what-if changes factors, not options),
 * else the factor's own option label.
 */
function optionLabel(factorId: FactorId, answer: FactorAnswer, answeredAs: AnsweredAs | null): string {
  const question = businessQuestion(factorId, answeredAs);
  if (question !== null) {
    const chosen = question.options.find((o) => o.value === answeredAs?.businessAnswers[question.id as BusinessQuestionId]);
    const option = chosen?.factors[factorId] === answer ? chosen : question.options.find((o) => o.factors[factorId] === answer);
    if (option !== undefined) return option.label;
  }
  return answerLabel(factorId, answer);
}

function conflictNote(conflict: FactorAnswerConflict, answeredAs: AnsweredAs | null): string {
  return describeConflict(conflict, {
    question: questionOf(conflict.factorId, answeredAs),
    answered: optionLabel(conflict.factorId, conflict.answer, answeredAs),
    suggested: optionLabel(conflict.factorId, conflict.suggestion.suggestedAnswer, answeredAs),
  });
}

/** The notes of a result, in its warnings' order, each once (two factors of one question can tell the same conflict). */
export function describeResultNotes(result: NotedResult, answeredAs: AnsweredAs | null): ResultNote[] {
  const notes: ResultNote[] = [];
  const add = (code: RiskWarning['code'], text: string) => {
    if (!notes.some((n) => n.text === text)) notes.push({ code, text });
  };
  const unknownIds = FACTOR_IDS.filter((id) => result.factorAnswers[id] === 'unknown');
  const conflicts = result.frameworkConflicts;
  for (const warning of result.warnings) {
    if (warning.code === 'factorsAssumedAverage') add(warning.code, describeAssumedAnswers(questionsOf(result.assumedFactors, answeredAs)));
    else if (warning.code === 'factorsUnknown') add(warning.code, describeUnknownAnswers(questionsOf(unknownIds, answeredAs)));
    // Each conflict is told from its own fields below; a result without them keeps its stored sentence.
    else if (warning.code !== 'factorAnswerConflict' || conflicts === undefined) add(warning.code, warning.message);
  }
  for (const conflict of conflicts ?? []) add('factorAnswerConflict', conflictNote(conflict, answeredAs));
  return notes;
}
