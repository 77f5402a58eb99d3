import { bench, describe } from 'vitest';
import { buildReportModel } from './report-model.ts';
import { renderReportPdf } from './render-pdf.tsx';
import { renderReportPptx } from './render-pptx.ts';
import { renderWorkbook } from './render-workbook.ts';
import { CLINIC_LATER, completedAssessment } from './test-fixtures.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { computeWhatChanged } from './what-changed.ts';

// Figures and the command that reproduces them: docs/benchmarks.md ("Reports").
// A "full report" is what the server does after reading the two stored assessments: the
// what-changed waterfall (four engine re-runs of 100,000 years), the report model and the file.
const previous = completedAssessment('11111111-1111-4111-8111-111111111111', SAMPLE_CLINIC_INPUT, '2025-11-20T10:00:00.000Z');
const current = completedAssessment('22222222-2222-4222-8222-222222222222', CLINIC_LATER, '2026-11-20T10:00:00.000Z');

function fullSource() {
  return {
    organisationName: 'Riverside Family Clinic',
    assessment: { ...current, authorName: 'Dana Whitfield' },
    whatChanged: computeWhatChanged(previous, current),
    generatedAt: '2026-11-22T09:30:00.000Z',
  };
}

const options = { iterations: 10, warmupIterations: 3, time: 0, warmupTime: 0 };

describe('board report, full (what changed + model + file)', () => {
  bench('PDF (@react-pdf/renderer)', async () => {
    await renderReportPdf(buildReportModel(fullSource()));
  }, options);
  bench('PowerPoint (pptxgenjs)', async () => {
    await renderReportPptx(buildReportModel(fullSource()));
  }, options);
  bench('verification workbook (exceljs)', async () => {
    const source = fullSource();
    await renderWorkbook(buildReportModel(source), source);
  }, options);
});
