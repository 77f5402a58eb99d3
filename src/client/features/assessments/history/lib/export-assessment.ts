import { assessmentTemplateRows } from '@/contracts/assessment-template.ts';
import { toCsv } from '@/contracts/csv.ts';
import type { Assessment } from '@/contracts/assessments.ts';

// The template (its rows; the formula guard and the CSV encoding in contracts/csv.ts) is shared with the server's import (ADR 231).

/** The assessment as key/value rows plus the factor answers and recommendations. */
export function buildAssessmentCsv(assessment: Assessment): string {
  return toCsv(assessmentTemplateRows(assessment));
}

export function buildAssessmentJson(assessment: Assessment): string {
  return JSON.stringify(assessment, null, 2);
}

export function toFileName(title: string, extension: 'csv' | 'json'): string {
  const base = title.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'assessment';
  return `${base}.${extension}`;
}
