import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import type { RiskInput } from '@/engine/risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { ReportSource } from './report-model.ts';
import { renderReportPdf } from './render-pdf.tsx';
import { renderReportPptx } from './render-pptx.ts';
import { renderWorkbook } from './render-workbook.ts';
import { buildReportModelHere, CLINIC_LATER, completedAssessment } from './test-fixtures.ts';
import { computeWhatChanged } from './what-changed.ts';

// Figures and the command that reproduces them: docs/benchmarks.md ("Reports").
const options = { iterations: 10, warmupIterations: 3, time: 0, warmupTime: 0 };

/**
 * Each format for each example organisation: the report model and the file, from a completed
 * assessment as the server stores it (first assessment: no what-changed waterfall). Targets
 * (issue "a board pack"): PDF ≤ 1 s, PPTX ≤ 0.5 s, workbook ≤ 0.5 s median.
 */
const EXAMPLES = [
  ['clinic', 'clinic-120'],
  ['credit union', 'credit-union-60'],
  ['manufacturer', 'manufacturer-300'],
] as const;

function exampleSource(label: string, file: string): ReportSource {
  const input = JSON.parse(readFileSync(new URL(`../../examples/${file}.json`, import.meta.url), 'utf8')) as RiskInput;
  const assessment = completedAssessment('33333333-3333-4333-8333-333333333333', input, '2026-11-20T10:00:00.000Z');
  return {
    organisationName: input.organisation.name ?? label,
    assessment: { ...assessment, authorName: 'Dana Whitfield' },
    whatChanged: null,
    generatedAt: '2026-11-22T09:30:00.000Z',
  };
}

for (const [label, file] of EXAMPLES) {
  const source = exampleSource(label, file);
  describe(`${label}: model + file`, () => {
    bench(
      `${label} PDF`,
      async () => {
        await renderReportPdf(buildReportModelHere(source));
      },
      options,
    );
    bench(
      `${label} PowerPoint`,
      async () => {
        await renderReportPptx(buildReportModelHere(source));
      },
      options,
    );
    bench(
      `${label} workbook`,
      async () => {
        await renderWorkbook(buildReportModelHere(source), source);
      },
      options,
    );
  });
}

// A "full report" is what the server does after reading the two stored assessments: the
// what-changed waterfall (four engine re-runs of 100,000 years), the report model and the file.
const previous = completedAssessment('11111111-1111-4111-8111-111111111111', SAMPLE_CLINIC_INPUT, '2025-11-20T10:00:00.000Z');
const current = completedAssessment('22222222-2222-4222-8222-222222222222', CLINIC_LATER, '2026-11-20T10:00:00.000Z');

function fullSource(): ReportSource {
  return {
    organisationName: 'Riverside Family Clinic',
    assessment: { ...current, authorName: 'Dana Whitfield' },
    whatChanged: computeWhatChanged(previous, current),
    generatedAt: '2026-11-22T09:30:00.000Z',
  };
}

describe('re-assessed clinic, full (what changed + model + file)', () => {
  bench(
    'full PDF',
    async () => {
      await renderReportPdf(buildReportModelHere(fullSource()));
    },
    options,
  );
  bench(
    'full PowerPoint',
    async () => {
      await renderReportPptx(buildReportModelHere(fullSource()));
    },
    options,
  );
  bench(
    'full workbook',
    async () => {
      const source = fullSource();
      await renderWorkbook(buildReportModelHere(source), source);
    },
    options,
  );
});
