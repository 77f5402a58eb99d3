import { z } from 'zod';
import type { TemplateIssue } from '@/contracts/assessment-template.ts';
import { AssessmentPathSchema, DraftRiskInputSchema, EvidenceNotesSchema, type AssessmentPath, type DraftRiskInput, type EvidenceNotes } from '@/contracts/assessments.ts';
import { BusinessAnswersSchema, type BusinessAnswers } from '@/contracts/business-questions.ts';
import { text } from '@/contracts/text.ts';

/**
 * The answers of a whole assessment exported as JSON (GET /api/assessments/:id as the export
 * saves it): its title, path, input, business answers and evidence notes. Its status, result,
 * seed and provenance are the exported assessment's history, not answers, and are left out:
 * the import is a new draft (ADR 231). Unknown keys are ignored so older and newer exports import.
 */
const ExportedAssessmentSchema = z.object({
  title: text().trim().max(200, 'The title must be at most 200 characters').optional(),
  path: AssessmentPathSchema.optional(),
  input: DraftRiskInputSchema,
  businessAnswers: BusinessAnswersSchema.optional(),
  evidenceNotes: EvidenceNotesSchema.optional(),
});

export interface JsonAnswers {
  title: string | undefined;
  path: AssessmentPath | undefined;
  input: DraftRiskInput;
  businessAnswers: BusinessAnswers | undefined;
  evidenceNotes: EvidenceNotes | undefined;
}

export function readAssessmentJson(value: unknown): { answers: JsonAnswers | null; issues: TemplateIssue[] } {
  const parsed = ExportedAssessmentSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ row: null, field: issue.path.join('.') || '(file)', message: issue.message }));
    return { answers: null, issues };
  }
  const { title, path, input, businessAnswers, evidenceNotes } = parsed.data;
  return { answers: { title: title === '' ? undefined : title, path, input, businessAnswers, evidenceNotes }, issues: [] };
}
