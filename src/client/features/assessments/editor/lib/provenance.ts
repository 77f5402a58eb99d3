import type { AnswerProvenanceEntry, AssessmentPath } from '@/contracts/assessments.ts';

export const PATH_LABELS: Record<AssessmentPath, string> = {
  business: 'business-leader path',
  commercial: 'security-lead (commercial) path',
};

/** "Answered "I don't know" by Dana Reyes on the business-leader path" */
export function describeProvenance(entry: AnswerProvenanceEntry, labelOf: (answer: string) => string): string {
  return `Answered “${labelOf(entry.answer)}” by ${entry.answeredByName} on the ${PATH_LABELS[entry.path]}`;
}
