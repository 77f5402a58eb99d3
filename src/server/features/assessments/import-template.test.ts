import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assessmentTemplateRows, readAssessmentTemplate, readPartnerTemplate, partnerTemplateHeader, partnerTemplateRow, type TemplateRow } from '@/contracts/assessment-template.ts';
import { toCsv } from '@/contracts/csv.ts';
import type { Assessment, DraftRiskInput } from '@/contracts/assessments.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { FACTORS, type FactorAnswer } from '@/engine/factors.ts';
import { INDUSTRY_IDS } from '@/engine/industries.ts';
import { parseCsv, readImportFile } from './import-file.ts';
import { readAssessmentJson } from './import-json.ts';

// The client's export writes exactly these (export-assessment.ts; its test reads its own CSV back too).
const buildAssessmentCsv = (assessment: Assessment) => toCsv(assessmentTemplateRows(assessment));
const buildAssessmentJson = (assessment: Assessment) => JSON.stringify(assessment, null, 2);

/**
 * The import reads exactly what the export writes (ADR 231): for any valid answers, exporting an
 * assessment and importing the file gives the same title and answers, as CSV, XLSX and JSON.
 */

// A leading quote before a formula character is the export's guard, so such a text cannot round-trip; nor can text that would be a formula.
const guardFree = (s: string) => !/^'[=+\-@\t\r]/.test(s);
const title = fc.string({ minLength: 1, maxLength: 60 }).map((s) => s.trim()).filter((s) => s !== '' && guardFree(s));
const name = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom('Zürich Kliniken AG', '=HYPERLINK("x")', '-5', 'a, "quoted"\r\nline', '  spaced  ')).filter(guardFree);
const organisation = fc.record(
  {
    name,
    industry: fc.constantFrom(...INDUSTRY_IDS),
    employees: fc.integer({ min: 1, max: 100_000 }),
    annualRevenueUsd: fc.oneof(fc.integer({ min: 1_000, max: 1e12 }), fc.double({ min: 1_000, max: 1e13, noNaN: true })),
    records: fc.record(
      { personal: fc.integer({ min: 0, max: 1e10 }), health: fc.integer({ min: 0, max: 1e10 }), paymentCard: fc.integer({ min: 0, max: 1e10 }), consumerFinancial: fc.integer({ min: 0, max: 1e10 }) },
      { requiredKeys: [] },
    ),
    holdsEuResidentsData: fc.boolean(),
    holdsCaliforniaResidentsData: fc.boolean(),
    isPubliclyTraded: fc.boolean(),
  },
  { requiredKeys: [] },
).map(({ records, ...rest }) => (records && Object.keys(records).length > 0 ? { ...rest, records } : rest));
const answersOf = (allowsNotApplicable: boolean): FactorAnswer[] => ['worst', 'partial', 'best', 'unknown', ...(allowsNotApplicable ? (['notApplicable'] as const) : [])];
const factors = fc.record(Object.fromEntries(FACTORS.map((f) => [f.id, fc.constantFrom(...answersOf(f.allowsNotApplicable))])), { requiredKeys: [] });
const input = fc.record({ organisation, factors }, { requiredKeys: [] }).map((value) => {
  const result: DraftRiskInput = {};
  if (value.organisation && Object.keys(value.organisation).length > 0) result.organisation = value.organisation;
  if (value.factors && Object.keys(value.factors).length > 0) result.factors = value.factors as DraftRiskInput['factors'];
  return result;
});

function draftWith(values: { title: string; input: DraftRiskInput }): Assessment {
  return {
    id: 'a', title: values.title, status: 'draft', currentStep: 'profile', author: { id: 'u', name: 'Author' }, engineVersion: null, seed: null, summary: null,
    createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', completedAt: null, input: values.input, result: null,
    path: 'commercial', businessAnswers: {}, evidenceNotes: {}, answerProvenance: {}, sourceAssessmentId: null,
  };
}

/**
 * A stored result whose resolved answers (every factor answered, "partial" where the person gave
 * none) differ from the answers given: the export must write the answers given.
 */
const STORED_RESULT = JSON.parse(readFileSync(new URL('../../../contracts/fixtures/risk-result-2.0.0.json', import.meta.url), 'utf8')) as RiskResult;

/** Drafts and completed assessments alike, partial ones included. */
const assessmentOf = (completed: boolean, values: { title: string; input: DraftRiskInput }): Assessment =>
  completed ? { ...draftWith(values), status: 'completed', completedAt: '2026-01-02T00:00:00.000Z', engineVersion: '2.0.0', seed: 1, result: STORED_RESULT } : draftWith(values);

async function xlsxOf(rows: readonly TemplateRow[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Assessment');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

async function rowsOfFile(fileName: string, contentBase64: string) {
  const file = await readImportFile({ fileName, contentBase64 });
  if (file.kind === 'json') throw new Error('expected rows');
  return file.rows;
}

describe('export → import round trip (property)', () => {
  test('CSV: the exported file imports to the same title and answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), title, input, async (completed, t, i) => {
        const csv = buildAssessmentCsv(assessmentOf(completed, { title: t, input: i }));
        const rows = await rowsOfFile('export.csv', Buffer.from(csv).toString('base64'));
        const read = readAssessmentTemplate(rows);
        expect(read.issues).toEqual([]);
        expect(read.answers).toEqual({ title: t, input: i });
      }),
      { numRuns: 150 },
    );
  });

  test('XLSX: the template rows saved as a workbook import to the same title and answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), title, input, async (completed, t, i) => {
        // XML keeps no carriage return in a cell (a line break reads back as \n), as Excel itself does.
        fc.pre(!i.organisation?.name?.includes('\r'));
        const rows = await rowsOfFile('export.xlsx', await xlsxOf(assessmentTemplateRows(assessmentOf(completed, { title: t, input: i }))));
        const read = readAssessmentTemplate(rows);
        expect(read.issues).toEqual([]);
        expect(read.answers).toEqual({ title: t, input: i });
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  test('JSON: the whole exported assessment imports to the same title and answers', () => {
    fc.assert(
      fc.property(fc.boolean(), title, input, (completed, t, i) => {
        const read = readAssessmentJson(JSON.parse(buildAssessmentJson(assessmentOf(completed, { title: t, input: i }))));
        expect(read.issues).toEqual([]);
        expect(read.answers).toMatchObject({ title: t, input: i, path: 'commercial' });
      }),
      { numRuns: 150 },
    );
  });

  test('partner CSV: each row imports to its organisation and answers', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.uuid(), title, input), { minLength: 1, maxLength: 5 }), (entries) => {
        const csv = toCsv([partnerTemplateHeader(), ...entries.map(([org, t, i]) => partnerTemplateRow(org, { title: t, input: i }))]);
        const read = readPartnerTemplate(parseCsv(csv));
        expect(read.issues).toEqual([]);
        expect(read.rows).toEqual(entries.map(([org, t, i], index) => ({ row: index + 2, organization: org, answers: { title: t, input: i } })));
      }),
      { numRuns: 60 },
    );
  });
});

describe('what the export keeps', () => {
  test('a completed assessment with 2 of 19 factors answered exports those 2 and blanks, "I don\'t know" as itself, and every profile field', () => {
    const organisation = { industry: 'healthcare', employees: 40, annualRevenueUsd: 8_000_000, records: { personal: 1200, health: 900, paymentCard: 0, consumerFinancial: 5 }, holdsEuResidentsData: true, holdsCaliforniaResidentsData: false, isPubliclyTraded: false } as const;
    const csv = buildAssessmentCsv(assessmentOf(true, { title: 'Two answers', input: { organisation, factors: { M1: 'best', M2: 'unknown' } } }));
    expect(csv).toMatch(/^"?M2 [^\r]*,I don't know\r$/m);
    expect(csv).toMatch(/^"?M3 [^\r]*,\r$/m);
    for (const line of ['Personal records,1200', 'Health records,900', 'Payment card records,0', 'Consumer financial records,5', 'Holds data of EU residents,yes', 'Holds data of California residents,no', 'Publicly traded,no']) expect(csv).toContain(`${line}\r\n`);
    const read = readAssessmentTemplate(parseCsv(csv));
    expect(read.answers.input).toEqual({ organisation, factors: { M1: 'best', M2: 'unknown' } });
  });
});

describe('a bad template names each bad row and field', () => {
  test('wrong answers, a number out of range and an unknown factor are each listed with their row', () => {
    const csv = buildAssessmentCsv(draftWith({ title: 'Bad', input: {} }))
      .replace('Employees,', 'Employees,many')
      .replace(/^(M1 [^\r]*),$/m, '$1,Sometimes maybe')
      .replace(/^(A8 [^\r]*),$/m, '$1,notApplicable')
      .replace('Industry,', 'Industry,Farming');
    const rows = parseCsv(csv + 'Z9 Nothing,?,best\r\n');
    const { issues } = readAssessmentTemplate(rows);
    const at = (label: string) => rows.findIndex((row) => row[0]?.startsWith(label)) + 1;
    expect(issues).toEqual([
      { row: at('Industry'), field: 'Industry', message: expect.stringContaining('"Farming" is not an industry') },
      { row: at('Employees'), field: 'Employees', message: 'Employees must be a number' },
      { row: at('M1 '), field: 'M1', message: expect.stringContaining('"Sometimes maybe" is not an answer to M1') },
      { row: at('A8 '), field: 'A8', message: 'A8 cannot be answered "not applicable"' },
      { row: at('Z9'), field: 'Factor', message: expect.stringContaining('"Z9 Nothing" is not one of the factors') },
    ]);
  });

  test('a file that is not the template is refused as a whole', () => {
    expect(readAssessmentTemplate(parseCsv('name,score\r\nAcme,3\r\n')).issues).toEqual([{ row: 1, field: 'file', message: expect.stringContaining('not a CIFER assessment template') }]);
    expect(readPartnerTemplate(parseCsv('name,score\r\n')).issues).toEqual([{ row: 1, field: 'organization', message: expect.stringContaining('"organization" column') }]);
  });

  test('answers may be given as their code or the questionnaire words, in any case', () => {
    const csv = toCsv([['Field', 'Value'], [], ['Factor', 'Question', 'Answer'], ['M1', '', 'BEST'], ['M2', '', 'written, untested'], ['M3', '', "I don't know"]]);
    expect(readAssessmentTemplate(parseCsv(csv)).answers.input.factors).toEqual({ M1: 'best', M2: 'partial', M3: 'unknown' });
  });
});
