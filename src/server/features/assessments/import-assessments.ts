import { readAssessmentTemplate, readPartnerTemplate, type PartnerRow, type TemplateIssue } from '@/contracts/assessment-template.ts';
import type { ImportFileBody, PartnerImportResponse } from '@/contracts/import.ts';
import type { Database } from '../../db/client.ts';
import { insertAssessment, type NewAssessment } from '../../db/repositories/assessment-writes.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext, PaymentRule } from '../../sessions/auth-context.ts';
import { automaticTitle } from './assessment-title.ts';
import { readImportFile } from './import-file.ts';
import { readAssessmentJson } from './import-json.ts';
import { importRefusal, refuseIfAny } from './import-refusal.ts';
import { listImportTargets, type ImportTarget } from './import-organizations.ts';

/**
 * Imports (ADR 231): a file becomes new DRAFTS, never completed assessments: the numbers are the
 * engine's, computed when the user completes the draft. A file is checked whole first and refused
 * with every problem listed; then all its drafts are written in one transaction, so a failure
 * midway leaves nothing behind.
 */

type Insert = (db: Database, values: NewAssessment) => Promise<string>;

interface ImportOptions {
  db: Database;
  auth: AuthContext;
  body: ImportFileBody;
  now: Date;
  /** The row writer; tests hand in one that fails midway. */
  insert?: Insert;
}

type DraftValues = Omit<NewAssessment, 'now' | 'status' | 'currentStep' | 'authorId' | 'title'> & { title: string | undefined };

function newDraft(values: DraftValues, authorId: string, now: Date): NewAssessment {
  return { ...values, title: values.title ?? automaticTitle(now.toISOString(), values.input), authorId, now, status: 'draft', currentStep: 'profile' };
}

/** What one file (CSV, XLSX or the JSON export) holds, as draft values in the caller's organisation. */
async function readOneAssessment(body: ImportFileBody, organizationId: string): Promise<DraftValues> {
  const file = await readImportFile(body);
  if (file.kind === 'json') {
    const { answers, issues } = readAssessmentJson(file.value);
    refuseIfAny(issues);
    return { organizationId, ...answers! };
  }
  const { answers, issues } = readAssessmentTemplate(file.rows);
  refuseIfAny(issues);
  return { organizationId, title: answers.title, input: answers.input };
}

/** POST /api/assessments/import: one new draft in the caller's organisation; returns its id. */
export async function importAssessment(options: ImportOptions): Promise<string> {
  const { db, auth, body, now, insert = insertAssessment } = options;
  const draft = newDraft(await readOneAssessment(body, auth.user.organizationId), auth.user.id, now);
  return db.transaction(async (tx) => insert(tx, draft));
}

/** Matches each row's `organization` cell to an organisation the caller may write into (its id, else its exact name); undefined where none. */
function resolveTargets(rows: readonly PartnerRow[], targets: readonly ImportTarget[]): { resolved: (ImportTarget | undefined)[]; issues: TemplateIssue[] } {
  const issues: TemplateIssue[] = [];
  const resolved = rows.map(({ row, organization }) => {
    const byId = targets.find((target) => target.id.toLowerCase() === organization.toLowerCase());
    const byName = targets.filter((target) => target.name === organization);
    if (!byId && byName.length > 1) issues.push({ row, field: 'organization', message: `You belong to ${byName.length} organisations named "${organization}": use the organisation's id instead` });
    const target = byId ?? (byName.length === 1 ? byName[0] : undefined);
    if (!target && byName.length <= 1) issues.push({ row, field: 'organization', message: `You are not a member (member role or above) of an organisation "${organization}"` });
    return target;
  });
  return { resolved, issues };
}

/**
 * The rows whose organisation must pay before it may be used: billing's own rule (ADR 132), asked
 * of each row's organisation as sessions ask it of the current one, so BILLING=off (and staff) lets every row pass.
 */
function unpaidRows(rows: readonly PartnerRow[], resolved: readonly (ImportTarget | undefined)[], auth: AuthContext, paymentRule: PaymentRule, now: Date): TemplateIssue[] {
  return rows.flatMap(({ row }, index) => {
    const target = resolved[index];
    if (!target) return [];
    const requiresPayment = paymentRule({ role: auth.user.role, subscriptionStatus: target.subscriptionStatus, subscriptionAccessUntil: target.subscriptionAccessUntil }, now);
    return requiresPayment ? [{ row, field: 'organization', message: `"${target.name}" has no subscription that allows use: one of its owners must subscribe before assessments can be added to it` }] : [];
  });
}

/**
 * POST /api/assessments/import/partner: one draft per row, each in the organisation the row names.
 * The caller must be a member (or owner) of every organisation named, and each must have the use
 * its subscription pays for (unless billing is off), else nothing is imported and every refused
 * row is listed.
 */
export async function importPartnerAssessments(options: ImportOptions & { paymentRule: PaymentRule }): Promise<PartnerImportResponse> {
  const { db, auth, body, now, paymentRule, insert = insertAssessment } = options;
  const file = await readImportFile(body);
  if (file.kind === 'json') throw importRefusal('A partner import is a CSV or XLSX file with an "organization" column.', [{ row: null, field: 'fileName', message: 'Choose a .csv or .xlsx file' }]);
  const { rows, issues } = readPartnerTemplate(file.rows);
  refuseIfAny(issues);
  if (rows.length === 0) throw importRefusal('The file has no assessment rows under its header.', [{ row: null, field: 'file', message: 'Add one row per assessment' }]);
  const { resolved, issues: notMember } = resolveTargets(rows, await listImportTargets(db, auth));
  const refused = [...notMember, ...unpaidRows(rows, resolved, auth, paymentRule, now)].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  if (refused.length > 0) {
    const error = importRefusal('Nothing was imported: the file names organisations you cannot add assessments to.', refused);
    throw new AppError('forbidden', error.message, error.details);
  }
  const drafts = rows.map((row, index) => newDraft({ organizationId: resolved[index]!.id, ...row.answers }, auth.user.id, now));
  const ids = await db.transaction(async (tx) => {
    const written: string[] = [];
    for (const draft of drafts) written.push(await insert(tx, draft));
    return written;
  });
  return { created: rows.map((row, index) => ({ row: row.row, id: ids[index]!, organizationId: resolved[index]!.id, organizationName: resolved[index]!.name, title: drafts[index]!.title })) };
}
