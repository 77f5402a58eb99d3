import { FACTORS, FACTOR_ANSWERS, type FactorAnswer, type FactorDefinition, type FactorId } from '@/engine/factors.ts';
import { INDUSTRIES } from '@/engine/industries.ts';
import type { Assessment, DraftRiskInput } from './assessments.ts';
import { unescapeCell, type TemplateCell } from './csv.ts';
import { INVALID_TEXT_MESSAGE, isStorableText } from './text.ts';

/**
 * The assessment template (ADR 231): the rows the app's CSV export writes and the import reads back,
 * declared once so an exported file always imports to the same answers. A template is a list of rows
 * of cells; CSV and XLSX are two encodings of it (an XLSX holds the rows in its first worksheet).
 */

export type TemplateRow = readonly unknown[];

/** One problem of an imported file, in the words of the spreadsheet: its row (1-based) and column or field. */
export interface TemplateIssue {
  /** The file's row (1-based), or null for a problem of the file as a whole or of a JSON file. */
  row: number | null;
  field: string;
  message: string;
}

/** The answer fields of the template's key/value section, by their label in the first column. */
export const TEMPLATE_FIELDS = {
  title: 'Title',
  organisationName: 'Organisation',
  industry: 'Industry',
  employees: 'Employees',
  annualRevenueUsd: 'Annual revenue (USD)',
  personalRecords: 'Personal records',
  healthRecords: 'Health records',
  paymentCardRecords: 'Payment card records',
  consumerFinancialRecords: 'Consumer financial records',
  holdsEuResidentsData: 'Holds data of EU residents',
  holdsCaliforniaResidentsData: 'Holds data of California residents',
  isPubliclyTraded: 'Publicly traded',
} as const;
/** How a yes/no profile answer is written; the reader also takes true/false. */
const YES = 'yes';
const NO = 'no';
export const TEMPLATE_HEADER = ['Field', 'Value'] as const;
export const FACTOR_SECTION_HEADER = ['Factor', 'Question', 'Answer'] as const;

// ---------------------------------------------------------------------------------------------
// Writing

function factorLabel(factor: FactorDefinition): string {
  return `${factor.id} ${factor.name}`;
}

/** The answer as the questionnaire words it ("unknown" as "I don't know", unlisted codes as their code). */
export function formatFactorAnswer(factor: FactorDefinition, answer: FactorAnswer | ''): string {
  if (answer === 'unknown') return "I don't know";
  return factor.options.find((o) => o.value === answer)?.label ?? answer;
}

/** The assessment as key/value rows plus the factor answers and recommendations (the CSV export). */
export function assessmentTemplateRows(assessment: Assessment): TemplateRow[] {
  const r = assessment.result;
  const rows: unknown[][] = [
    [...TEMPLATE_HEADER],
    [TEMPLATE_FIELDS.title, assessment.title],
    ['Status', assessment.status],
    ['Author', assessment.author?.name ?? ''],
    ['Created', assessment.createdAt],
    ['Completed', assessment.completedAt ?? ''],
    ['Engine version', assessment.engineVersion ?? ''],
    ['Seed', assessment.seed ?? ''],
    ...profileCells(assessment.input.organisation).map((cell, index) => [PROFILE_FIELD_KEYS.map((key) => TEMPLATE_FIELDS[key])[index], cell]),
  ];
  if (r) {
    rows.push(
      ['Expected annual loss (USD)', Math.round(r.annualLoss.expectedUsd)],
      ['Annual loss 1-in-20 year (USD, p95)', Math.round(r.annualLoss.percentilesUsd.p95)],
      ['Annual loss 1-in-100 year (USD, p99)', Math.round(r.annualLoss.percentilesUsd.p99)],
      ['Probability of at least one loss event', r.probabilityOfAnyEvent],
      ['Cost if it happens, median (USD)', Math.round(r.costIfItHappens.percentilesUsd.p50)],
      ['Cost if it happens, 1 in 20 (USD, p95)', Math.round(r.costIfItHappens.percentilesUsd.p95)],
      ['Risk score (0-100)', r.riskScore.score],
      ['Risk band', r.riskScore.bandLabel],
      ['Iterations', r.iterations],
    );
  }
  rows.push([], [...FACTOR_SECTION_HEADER]);
  // The answers given, never the model's resolved ones: an unanswered factor stays blank and
  // "I don't know" stays itself, so the file imports to the same answers (ADR 231).
  for (const f of FACTORS) {
    rows.push([factorLabel(f), f.question, formatFactorAnswer(f, assessment.input.factors?.[f.id] ?? '')]);
  }
  if (r?.recommendations) {
    rows.push([], ['Rank', 'Recommendation', 'Annual loss reduction (USD)', 'Typical annual cost (USD)', 'ROSI', 'Payback (months)']);
    for (const rec of r.recommendations) {
      rows.push([rec.rank, rec.action, Math.round(rec.annualLossReductionUsd), Math.round(rec.annualCostUsd.midUsd), rec.returnOnSecurityInvestment.toFixed(2), rec.paybackMonths === null ? '' : rec.paybackMonths.toFixed(1)]);
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Reading one answer

type Read<T> = { value: T } | { error: string };

const sameWords = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A factor by its id, or by a cell that starts with it ("M1 Security awareness training"). */
export function factorOfCell(cell: string): FactorDefinition | undefined {
  const id = cell.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  return FACTORS.find((f) => f.id === id);
}

/** An answer cell: the option's words as exported, or its code ("best", "unknown"); blank is no answer. */
export function parseFactorAnswer(factor: FactorDefinition, cell: string): Read<FactorAnswer | undefined> {
  if (cell.trim() === '') return { value: undefined };
  const byLabel = factor.options.find((o) => sameWords(o.label, cell));
  const byCode = FACTOR_ANSWERS.find((code) => sameWords(code, cell) || (code === 'unknown' && sameWords("I don't know", cell)));
  const answer = byLabel?.value ?? byCode;
  if (answer === undefined) return { error: `"${cell.trim()}" is not an answer to ${factor.id}. Use one of: ${factor.options.map((o) => o.label).join('; ')}; or unknown` };
  if (answer === 'notApplicable' && !factor.allowsNotApplicable) return { error: `${factor.id} cannot be answered "not applicable"` };
  return { value: answer };
}

export function parseIndustry(cell: string): Read<DraftOrganisation['industry']> {
  if (cell.trim() === '') return { value: undefined };
  const industry = INDUSTRIES.find((i) => sameWords(i.id, cell) || sameWords(i.label, cell));
  return industry ? { value: industry.id } : { error: `"${cell.trim()}" is not an industry. Use one of: ${INDUSTRIES.map((i) => i.label).join(', ')}` };
}

function parseNumber(cell: string, field: string, range: { min: number; max: number; integer: boolean }): Read<number | undefined> {
  const trimmed = cell.trim().replace(/,/g, '');
  if (trimmed === '') return { value: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: `${field} must be a number` };
  if (range.integer && !Number.isInteger(value)) return { error: `${field} must be a whole number` };
  if (value < range.min || value > range.max) return { error: `${field} must be between ${range.min.toLocaleString('en-US')} and ${range.max.toLocaleString('en-US')}` };
  return { value };
}

type DraftOrganisation = NonNullable<DraftRiskInput['organisation']>;
type ProfileKey = Exclude<keyof typeof TEMPLATE_FIELDS, 'title'>;
type RecordKind = keyof NonNullable<DraftOrganisation['records']>;

function parseYesNo(cell: string, field: string): Read<boolean | undefined> {
  const trimmed = cell.trim().toLowerCase();
  if (trimmed === '') return { value: undefined };
  if (trimmed === YES || trimmed === 'true') return { value: true };
  if (trimmed === NO || trimmed === 'false') return { value: false };
  return { error: `${field} must be ${YES} or ${NO}` };
}

const recordsField = (kind: RecordKind, key: ProfileKey) => ({
  read: (cell: string) => parseNumber(cell, TEMPLATE_FIELDS[key], { min: 0, max: 1e10, integer: true }),
  get: (o: DraftOrganisation) => o.records?.[kind],
  set: (o: DraftOrganisation, value: unknown) => void (o.records = { ...o.records, [kind]: value as number }),
});
const yesNoField = (field: 'holdsEuResidentsData' | 'holdsCaliforniaResidentsData' | 'isPubliclyTraded') => ({
  read: (cell: string) => parseYesNo(cell, TEMPLATE_FIELDS[field]),
  get: (o: DraftOrganisation) => (o[field] === undefined ? undefined : o[field] ? YES : NO),
  set: (o: DraftOrganisation, value: unknown) => void (o[field] = value as boolean),
});
const plainField = <K extends 'name' | 'industry' | 'employees' | 'annualRevenueUsd'>(field: K, read: (cell: string) => Read<unknown>) => ({
  read,
  get: (o: DraftOrganisation) => o[field],
  set: (o: DraftOrganisation, value: unknown) => void (o[field] = value as DraftOrganisation[K]),
});

/** Each profile field of the template: how its cell is read (ranges as DraftRiskInputSchema's), written and stored. */
const PROFILE_FIELDS: Record<ProfileKey, { read: (cell: string) => Read<unknown>; get: (o: DraftOrganisation) => unknown; set: (o: DraftOrganisation, value: unknown) => void }> = {
  organisationName: plainField('name', (cell) =>
    !isStorableText(cell) ? { error: INVALID_TEXT_MESSAGE } : cell.length > 200 ? { error: 'The organisation name must be at most 200 characters' } : { value: cell === '' ? undefined : cell },
  ),
  industry: plainField('industry', parseIndustry),
  employees: plainField('employees', (cell) => parseNumber(cell, 'Employees', { min: 1, max: 100_000, integer: true })),
  annualRevenueUsd: plainField('annualRevenueUsd', (cell) => parseNumber(cell, 'Annual revenue (USD)', { min: 1_000, max: 1e13, integer: false })),
  personalRecords: recordsField('personal', 'personalRecords'),
  healthRecords: recordsField('health', 'healthRecords'),
  paymentCardRecords: recordsField('paymentCard', 'paymentCardRecords'),
  consumerFinancialRecords: recordsField('consumerFinancial', 'consumerFinancialRecords'),
  holdsEuResidentsData: yesNoField('holdsEuResidentsData'),
  holdsCaliforniaResidentsData: yesNoField('holdsCaliforniaResidentsData'),
  isPubliclyTraded: yesNoField('isPubliclyTraded'),
};
const PROFILE_FIELD_KEYS = Object.keys(PROFILE_FIELDS) as ProfileKey[];

/** The profile's cells in PROFILE_FIELD_KEYS order (blank for no answer). */
function profileCells(organisation: DraftOrganisation | undefined): unknown[] {
  return PROFILE_FIELD_KEYS.map((key) => PROFILE_FIELDS[key].get(organisation ?? {}) ?? '');
}

/** The answers one template (or one partner row) carries. */
export interface TemplateAnswers {
  title: string | undefined;
  input: DraftRiskInput;
}

/** Collects answers and issues while a file is read. */
class AnswerCollector {
  readonly organisation: DraftOrganisation = {};
  readonly factors: Partial<Record<FactorId, FactorAnswer>> = {};
  title: string | undefined;

  constructor(readonly issues: TemplateIssue[]) {}

  readTitle(cell: string, row: number) {
    const title = cell.trim();
    if (!isStorableText(title)) this.issues.push({ row, field: TEMPLATE_FIELDS.title, message: INVALID_TEXT_MESSAGE });
    else if (title.length > 200) this.issues.push({ row, field: TEMPLATE_FIELDS.title, message: 'The title must be at most 200 characters' });
    else this.title = title === '' ? undefined : title;
  }

  readProfile(key: ProfileKey, cell: string, row: number) {
    const read = PROFILE_FIELDS[key].read(cell);
    if ('error' in read) this.issues.push({ row, field: TEMPLATE_FIELDS[key], message: read.error });
    else if (read.value !== undefined) PROFILE_FIELDS[key].set(this.organisation, read.value);
  }

  readFactor(factor: FactorDefinition, cell: string, row: number) {
    const read = parseFactorAnswer(factor, cell);
    if ('error' in read) this.issues.push({ row, field: factor.id, message: read.error });
    else if (read.value !== undefined) this.factors[factor.id] = read.value;
  }

  answers(): TemplateAnswers {
    const input: DraftRiskInput = {};
    if (Object.keys(this.organisation).length > 0) input.organisation = this.organisation;
    if (Object.keys(this.factors).length > 0) input.factors = this.factors;
    return { title: this.title, input };
  }
}

function profileKeyOf(label: string): keyof typeof TEMPLATE_FIELDS | undefined {
  return (Object.keys(TEMPLATE_FIELDS) as (keyof typeof TEMPLATE_FIELDS)[]).find((key) => sameWords(TEMPLATE_FIELDS[key], label));
}

const isBlank = (row: readonly TemplateCell[]) => row.every((cell) => unescapeCell(cell).trim() === '');

// ---------------------------------------------------------------------------------------------
// Reading a whole template

/**
 * The answers of one exported template: the title and profile from the key/value section, the
 * factor answers from the factor section. Result rows, status and recommendations are the
 * export's report, not answers, and are ignored.
 */
export function readAssessmentTemplate(rows: readonly (readonly TemplateCell[])[]): { answers: TemplateAnswers; issues: TemplateIssue[] } {
  const issues: TemplateIssue[] = [];
  const collector = new AnswerCollector(issues);
  const first = rows.findIndex((row) => !isBlank(row));
  if (first < 0 || !sameWords(unescapeCell(rows[first]?.[0]), TEMPLATE_HEADER[0])) {
    issues.push({ row: first < 0 ? null : first + 1, field: 'file', message: 'This is not a CIFER assessment template: its first row must be "Field,Value" as the export writes it' });
    return { answers: collector.answers(), issues };
  }
  let section: 'fields' | 'factors' | 'other' = 'fields';
  const seen = new Map<string, number>();
  rows.forEach((cells, index) => {
    const row = index + 1;
    if (index <= first || isBlank(cells)) return;
    const [label = '', second = '', third = ''] = cells.map(unescapeCell);
    if (sameWords(label, FACTOR_SECTION_HEADER[0]) && sameWords(third, FACTOR_SECTION_HEADER[2])) return void (section = 'factors');
    if (sameWords(label, 'Rank')) return void (section = 'other');
    if (section === 'other') return;
    const key = section === 'fields' ? profileKeyOf(label) : factorOfCell(label)?.id;
    if (section === 'factors' && key === undefined) return void issues.push({ row, field: 'Factor', message: `"${label.trim()}" is not one of the factors M1-M11, A1-A8` });
    if (key === undefined) return;
    if (seen.has(key)) return void issues.push({ row, field: key, message: `${key} is given twice (also on row ${seen.get(key)})` });
    seen.set(key, row);
    if (section === 'factors') collector.readFactor(factorOfCell(label)!, third, row);
    else if (key === 'title') collector.readTitle(second, row);
    else collector.readProfile(key as ProfileKey, second, row);
  });
  return { answers: collector.answers(), issues };
}

// ---------------------------------------------------------------------------------------------
// The partner template: one row per assessment

/** The column naming the CIFER organisation a partner row is imported into (its id or exact name). */
export const PARTNER_ORGANIZATION_COLUMN = 'organization';

/** One assessment of a partner file. */
export interface PartnerRow {
  row: number;
  organization: string;
  answers: TemplateAnswers;
}

type PartnerColumn = { kind: 'organization' } | { kind: 'title' } | { kind: 'profile'; key: ProfileKey } | { kind: 'factor'; factor: FactorDefinition } | null;

function partnerColumnOf(header: string): PartnerColumn {
  if (sameWords(header, PARTNER_ORGANIZATION_COLUMN)) return { kind: 'organization' };
  const key = profileKeyOf(header);
  if (key === 'title') return { kind: 'title' };
  if (key) return { kind: 'profile', key };
  const factor = factorOfCell(header);
  return factor ? { kind: 'factor', factor } : null;
}

/** The header row of the partner template (the export's field labels and the factor ids). */
export function partnerTemplateHeader(): string[] {
  return [PARTNER_ORGANIZATION_COLUMN, ...Object.values(TEMPLATE_FIELDS), ...FACTORS.map(factorLabel)];
}

/** One partner row as cells under `partnerTemplateHeader()` (for tests and the docs' example). */
export function partnerTemplateRow(organization: string, answers: TemplateAnswers): string[] {
  const profile = [answers.title ?? '', ...profileCells(answers.input.organisation)].map(String);
  return [organization, ...profile, ...FACTORS.map((f) => formatFactorAnswer(f, answers.input.factors?.[f.id] ?? ''))];
}

/**
 * The rows of a partner file: a header row naming the columns (`organization` first, then any of the
 * template's field labels and the factor ids), then one assessment per row.
 */
export function readPartnerTemplate(rows: readonly (readonly TemplateCell[])[]): { rows: PartnerRow[]; issues: TemplateIssue[] } {
  const issues: TemplateIssue[] = [];
  const headerIndex = rows.findIndex((row) => !isBlank(row));
  const columns = headerIndex < 0 ? [] : (rows[headerIndex] ?? []).map((cell) => partnerColumnOf(unescapeCell(cell)));
  if (!columns.some((column) => column?.kind === 'organization')) {
    issues.push({ row: headerIndex < 0 ? null : headerIndex + 1, field: PARTNER_ORGANIZATION_COLUMN, message: 'The first row must name the columns, with an "organization" column (the organisation id or exact name)' });
    return { rows: [], issues };
  }
  const result: PartnerRow[] = [];
  rows.forEach((cells, index) => {
    if (index <= headerIndex || isBlank(cells)) return;
    const row = index + 1;
    const collector = new AnswerCollector(issues);
    let organization = '';
    columns.forEach((column, c) => {
      const cell = unescapeCell(cells[c]);
      if (column?.kind === 'organization') organization = cell.trim();
      else if (column?.kind === 'title') collector.readTitle(cell, row);
      else if (column?.kind === 'profile') collector.readProfile(column.key, cell, row);
      else if (column?.kind === 'factor') collector.readFactor(column.factor, cell, row);
    });
    if (organization === '') issues.push({ row, field: PARTNER_ORGANIZATION_COLUMN, message: 'Name the organisation (its id or exact name)' });
    result.push({ row, organization, answers: collector.answers() });
  });
  return { rows: result, issues };
}
