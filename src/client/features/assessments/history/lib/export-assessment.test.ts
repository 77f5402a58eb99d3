import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { readAssessmentTemplate } from '@/contracts/assessment-template.ts';
import { CSV_READ_OPTIONS, escapeCsvCell, toCsv } from '@/contracts/csv.ts';
import { buildAssessmentCsv } from './export-assessment.ts';

describe('CSV export', () => {
  test.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
  ])('escapes %j against formula injection and quoting', (input, expected) => {
    expect(escapeCsvCell(input)).toBe(expected);
  });

  test('numbers, including negatives, are written as the spreadsheet would read them only when safe', () => {
    expect(escapeCsvCell(1234)).toBe('1234');
    expect(escapeCsvCell(-5)).toBe("'-5");
    expect(escapeCsvCell(null)).toBe('');
  });

  test('a malicious title in a whole export is neutralised', () => {
    const assessment = {
      id: 'x', title: '=cmd|" /C calc"!A0', status: 'draft', currentStep: 'profile', author: { id: 'u', name: '@evil' },
      engineVersion: null, seed: null, summary: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', completedAt: null,
      input: { organisation: { name: '+danger' } }, result: null, path: 'commercial', businessAnswers: {}, evidenceNotes: {}, answerProvenance: {}, sourceAssessmentId: null,
    } satisfies Assessment;
    const csv = buildAssessmentCsv(assessment);
    const cells = csv.split('\r\n').flatMap((line) => line.split(','));
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv).toContain(`Title,"'=cmd|"" /C calc""!A0"`);
    expect(toCsv([['a', 'b']])).toBe('a,b\r\n');
  });

  test('the import reads the exported CSV back to the same title and answers (ADR 231)', () => {
    const input = { organisation: { name: '=Acme, "Ltd"', industry: 'retail', employees: 42, annualRevenueUsd: 1_250_000 }, factors: { M1: 'best', M10: 'notApplicable', A3: 'unknown' } } as const;
    const assessment = {
      id: 'x', title: '-Draft', status: 'draft', currentStep: 'profile', author: null, engineVersion: null, seed: null, summary: null, createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z', completedAt: null, input, result: null, path: 'commercial', businessAnswers: {}, evidenceNotes: {}, answerProvenance: {}, sourceAssessmentId: null,
    } satisfies Assessment;
    // Read as the server's import reads it (server/features/assessments/import-file.ts).
    const rows: string[][] = parse(buildAssessmentCsv(assessment), CSV_READ_OPTIONS);
    expect(readAssessmentTemplate(rows)).toEqual({ answers: { title: '-Draft', input }, issues: [] });
  });
});
