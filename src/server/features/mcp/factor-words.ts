import { getFactor, type FactorAnswer, type FactorId } from '@/engine/factors.ts';

/** Factors and answers in the questionnaire's own words (engine/factors.ts), for the tools' sentences. */

export function factorName(id: FactorId): string {
  return `${id} ${getFactor(id).name}`;
}

/** The option label a person picked, e.g. "Some systems"; "I don't know" and "not answered" spelled out. */
export function answerLabel(id: FactorId, answer: FactorAnswer | undefined): string {
  if (answer === undefined) return 'not answered';
  if (answer === 'unknown') return "I don't know";
  const option = getFactor(id).options.find((candidate) => candidate.value === answer);
  return option ? `${option.label} (${answer})` : answer;
}

/** "M3 MFA and access control → All four + least privilege (best)" for each changed answer. */
export function describeAnswers(answers: Partial<Record<FactorId, FactorAnswer>>): string {
  const entries = Object.entries(answers) as [FactorId, FactorAnswer][];
  return entries.map(([id, answer]) => `${factorName(id)} → ${answerLabel(id, answer)}`).join('; ');
}
