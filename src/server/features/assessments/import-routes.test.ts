import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { assessmentTemplateRows, partnerTemplateHeader, partnerTemplateRow } from '@/contracts/assessment-template.ts';
import { toCsv } from '@/contracts/csv.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import type { CreatedApiToken } from '@/contracts/api-tokens.ts';
import { IMPORT_MAX_BYTES, type ImportRefusal, type PartnerImportResponse } from '@/contracts/import.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import { assessments, organizations } from '../../db/schema.ts';
import { call, completeAssessment } from '../../test/helpers.ts';
import { addMembership, createCaller, createOrganizationRow, type Caller } from '../../test/organization-members.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import type { TestApp } from '../../test/test-app.ts';
import { findApiTokenAuth } from '../../sessions/api-token-auth.ts';
import { importPartnerAssessments } from './import-assessments.ts';

/** Importing assessments from files (ADR 231): drafts, all or nothing, into organisations the caller may write to. */

const fileOf = (fileName: string, content: string | Buffer) => ({ fileName, contentBase64: Buffer.from(content).toString('base64') });
const csvFile = (rows: readonly (readonly unknown[])[], fileName = 'import.csv') => fileOf(fileName, toCsv(rows));

async function countIn(t: TestApp, organizationIds: string[]): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(assessments).where(inArray(assessments.organizationId, organizationIds));
  return row?.n ?? 0;
}

async function xlsxFile(rows: readonly (readonly unknown[])[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Assessment');
  for (const row of rows) sheet.addRow([...row]);
  return fileOf('import.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
}

describe('POST /api/assessments/import', () => {
  const t = useSharedTestApp();

  test('a completed assessment exported as CSV, XLSX or JSON imports as a draft with the same title and answers', async () => {
    const owner = await createCaller(t);
    const completed = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT, 7, 'Clinic 2025');
    const rows = assessmentTemplateRows(completed);
    for (const file of [csvFile(rows), await xlsxFile(rows)]) {
      const response = await call(t, owner.cookie, 'POST', '/api/assessments/import', file);
      expect(response.statusCode, response.body).toBe(201);
      const draft = response.json<Assessment>();
      expect(draft).toMatchObject({ status: 'draft', title: 'Clinic 2025', result: null, currentStep: 'profile', author: { id: owner.userId } });
      // The whole profile and the answers given (the sample leaves A4 to its regimes: it stays unanswered), never the model's resolved ones.
      expect(draft.input).toEqual({ organisation: SAMPLE_CLINIC_INPUT.organisation, factors: SAMPLE_CLINIC_INPUT.factors });
    }
    const json = await call(t, owner.cookie, 'POST', '/api/assessments/import', fileOf('clinic.json', JSON.stringify(completed, null, 2)));
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json<Assessment>()).toMatchObject({ status: 'draft', title: 'Clinic 2025', input: completed.input, path: completed.path, result: null, seed: null });
    // The draft is the caller's organisation's, and the user completes it to get the numbers.
    const done = await call(t, owner.cookie, 'POST', `/api/assessments/${json.json<Assessment>().id}/complete`, { seed: 7 });
    expect(done.json<Assessment>().result?.annualLoss.expectedUsd).toBe(completed.result?.annualLoss.expectedUsd);
  });

  test('a bad file is refused with each bad row and field listed, and nothing is written', async () => {
    const owner = await createCaller(t);
    const before = await countIn(t, [owner.organizationId]);
    const rows = [['Field', 'Value'], ['Title', 'Bad'], ['Employees', '0'], [], ['Factor', 'Question', 'Answer'], ['M1 Training', '', 'Often'], ['M2 Plan', '', 'best'], ['M2 Plan', '', 'worst']];
    const response = await call(t, owner.cookie, 'POST', '/api/assessments/import', csvFile(rows));
    expect(response.statusCode).toBe(400);
    const refusal = response.json<ImportRefusal>();
    expect(refusal.code).toBe('bad_request');
    expect(refusal.message).toMatch(/^Nothing was imported: the file has 3 problems on 3 rows/);
    expect(refusal.issues.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 3, field: 'Employees' },
      { row: 6, field: 'M1' },
      { row: 8, field: 'M2' },
    ]);
    expect(await countIn(t, [owner.organizationId])).toBe(before);
  });

  test('files over 1 MB, over 500 rows, of another kind or unreadable are refused', async () => {
    const owner = await createCaller(t);
    const post = (file: { fileName: string; contentBase64: string }) => call(t, owner.cookie, 'POST', '/api/assessments/import', file);
    const big = await post(fileOf('big.csv', Buffer.alloc(IMPORT_MAX_BYTES + 3, 'a')));
    expect(big.statusCode).toBe(400);
    expect(big.json<ImportRefusal>().message).toContain('1 MB or smaller');
    const long = await post(csvFile([['Field', 'Value'], ...Array.from({ length: 500 }, () => ['Seed', '1'])]));
    expect(long.statusCode).toBe(400);
    expect(long.json<ImportRefusal>().message).toContain('at most 500');
    expect((await post(fileOf('notes.txt', 'Field,Value'))).statusCode).toBe(400);
    const broken = await post(fileOf('x.xlsx', 'not a zip'));
    expect(broken.json<ImportRefusal>()).toMatchObject({ code: 'bad_request', message: 'The file is not a readable XLSX workbook.' });
    expect((await post(fileOf('x.json', '{ nope'))).json<ImportRefusal>().message).toContain('not valid JSON');
    const openQuote = await post(fileOf('x.csv', 'Field,Value\r\nTitle,"Acme\r\nSeed,1\r\n'));
    expect(openQuote.statusCode).toBe(400);
    expect(openQuote.json<ImportRefusal>()).toMatchObject({ code: 'bad_request', message: expect.stringContaining('never closed') });
  });

  test('a viewer of the organisation may not import (403); a token needs the write scope', async () => {
    const organizationId = await createOrganizationRow(t);
    const viewer = await createCaller(t, { organizationId, organizationRole: 'viewer' });
    const file = csvFile([['Field', 'Value'], ['Title', 'From a viewer']]);
    expect((await call(t, viewer.cookie, 'POST', '/api/assessments/import', file)).statusCode).toBe(403);
    expect(await countIn(t, [organizationId])).toBe(0);

    const owner = await createCaller(t);
    const issue = async (scopes: string[]) => (await call(t, owner.cookie, 'POST', '/api/account/tokens', { name: `Import ${scopes.join(' ')}`, scopes })).json<CreatedApiToken>().secret;
    const withToken = (secret: string) => t.app.inject({ method: 'POST', url: '/api/assessments/import', headers: { authorization: `Bearer ${secret}` }, payload: file });
    expect((await withToken(await issue(['read']))).statusCode).toBe(403);
    const imported = await withToken(await issue(['read', 'write']));
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json<Assessment>()).toMatchObject({ title: 'From a viewer', status: 'draft' });
  });
});

const header = partnerTemplateHeader();
const row = (organization: string, title: string, employees: number) =>
  partnerTemplateRow(organization, { title, input: { organisation: { name: title, industry: 'retail', employees }, factors: { M1: 'best', A1: 'worst' } } });

/** A client organisation of `partner` (a member there) whose subscription is `status` (with access until `accessUntil`). */
async function clientWithSubscription(t: TestApp, partner: Caller, status: string, accessUntil: Date | null = null): Promise<string> {
  const [client] = await t.app.db.insert(organizations).values({ name: `Client ${status} ${Math.random()}`, subscriptionStatus: status, subscriptionAccessUntil: accessUntil }).returning();
  await addMembership(t, partner.userId, client!.id, 'member');
  return client!.id;
}

describe('POST /api/assessments/import/partner', () => {
  const t = useSharedTestApp();

  async function partnerWithClients(): Promise<{ partner: Caller; clientA: string; clientB: string }> {
    const clientA = await createOrganizationRow(t, `Client A ${Math.random()}`);
    const clientB = await createOrganizationRow(t, `Client B ${Math.random()}`);
    const partner = await createCaller(t, { partner: true });
    await addMembership(t, partner.userId, clientA, 'member');
    await addMembership(t, partner.userId, clientB, 'owner');
    return { partner, clientA, clientB };
  }

  test('imports one draft per row into each client organisation, named by id or exact name', async () => {
    const { partner, clientA, clientB } = await partnerWithClients();
    const [{ name: nameB } = { name: '' }] = await t.app.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, clientB));
    const response = await call(t, partner.cookie, 'POST', '/api/assessments/import/partner', csvFile([header, row(clientA, 'Shop A', 10), row(nameB, 'Shop B', 20), row(clientA, 'Shop A2', 30)]));
    expect(response.statusCode, response.body).toBe(201);
    const { created } = response.json<PartnerImportResponse>();
    expect(created.map((c) => [c.row, c.organizationId, c.title])).toEqual([
      [2, clientA, 'Shop A'],
      [3, clientB, 'Shop B'],
      [4, clientA, 'Shop A2'],
    ]);
    const stored = await t.app.db.select().from(assessments).where(inArray(assessments.organizationId, [clientA, clientB]));
    expect(stored.map((a) => [a.organizationId, a.title, a.status, a.authorId, a.input]).sort()).toEqual(
      [
        [clientA, 'Shop A', 'draft', partner.userId, { organisation: { name: 'Shop A', industry: 'retail', employees: 10 }, factors: { M1: 'best', A1: 'worst' } }],
        [clientA, 'Shop A2', 'draft', partner.userId, { organisation: { name: 'Shop A2', industry: 'retail', employees: 30 }, factors: { M1: 'best', A1: 'worst' } }],
        [clientB, 'Shop B', 'draft', partner.userId, { organisation: { name: 'Shop B', industry: 'retail', employees: 20 }, factors: { M1: 'best', A1: 'worst' } }],
      ].sort(),
    );
  });

  test('a file naming an organisation the caller is not a member of (or only views) is refused whole', async () => {
    const { partner, clientA } = await partnerWithClients();
    const stranger = await createOrganizationRow(t);
    const viewed = await createOrganizationRow(t);
    await addMembership(t, partner.userId, viewed, 'viewer');
    const response = await call(t, partner.cookie, 'POST', '/api/assessments/import/partner', csvFile([header, row(clientA, 'Fine', 5), row(stranger, 'Not mine', 5), row(viewed, 'Read only', 5)]));
    expect(response.statusCode).toBe(403);
    expect(response.json<ImportRefusal>().issues).toEqual([
      expect.objectContaining({ row: 3, field: 'organization', message: expect.stringContaining('not a member') }),
      expect.objectContaining({ row: 4, field: 'organization', message: expect.stringContaining('not a member') }),
    ]);
    expect(await countIn(t, [clientA, stranger, viewed])).toBe(0);
  });

  test('with billing off, an organisation without a subscription takes rows like any other', async () => {
    const partner = await createCaller(t, { partner: true });
    const unpaid = await clientWithSubscription(t, partner, 'none');
    const response = await call(t, partner.cookie, 'POST', '/api/assessments/import/partner', csvFile([header, row(unpaid, 'Free to use', 5)]));
    expect(response.statusCode, response.body).toBe(201);
    expect(await countIn(t, [unpaid])).toBe(1);
  });

  test('lists at most 50 problems and says how many there are', async () => {
    const { partner, clientA } = await partnerWithClients();
    const bad = Array.from({ length: 60 }, () => [clientA, 'x', '', '', 'many']);
    const response = await call(t, partner.cookie, 'POST', '/api/assessments/import/partner', csvFile([['organization', 'Title', 'Organisation', 'Industry', 'Employees'], ...bad]));
    expect(response.statusCode).toBe(400);
    const refusal = response.json<ImportRefusal>();
    expect(refusal.issues).toHaveLength(50);
    expect(refusal.message).toContain('The first 50 of 60 problems are listed.');
    expect(await countIn(t, [clientA])).toBe(0);
  });

  test('a database failure after some rows leaves nothing behind', async () => {
    const { partner, clientA, clientB } = await partnerWithClients();
    const auth = await authOf(t, partner);
    let written = 0;
    const failing = async (...args: Parameters<typeof insertAssessment>) => {
      if (written === 2) throw new Error('database went away');
      written += 1;
      return insertAssessment(...args);
    };
    const body = csvFile([header, row(clientA, 'One', 1), row(clientB, 'Two', 2), row(clientA, 'Three', 3)]);
    await expect(importPartnerAssessments({ db: t.app.db, auth, body, now: t.clock.now(), paymentRule: () => false, insert: failing })).rejects.toThrow('database went away');
    expect(written).toBe(2);
    expect(await countIn(t, [clientA, clientB])).toBe(0);
  });
});

describe('POST /api/assessments/import/partner with billing required', () => {
  const t = useSharedTestApp({ BILLING: 'required' });

  test('rows naming an organisation that would have to pay are each refused, and nothing is imported', async () => {
    const partner = await createCaller(t, { partner: true });
    await t.app.db.update(organizations).set({ subscriptionStatus: 'active' }).where(eq(organizations.id, partner.homeOrganizationId));
    const paid = await clientWithSubscription(t, partner, 'active');
    const unpaid = await clientWithSubscription(t, partner, 'none');
    const lapsed = await clientWithSubscription(t, partner, 'past_due', new Date(t.clock.now().getTime() - 1_000));
    const stranger = await createOrganizationRow(t);
    const file = csvFile([header, row(paid, 'Paid', 5), row(unpaid, 'Unpaid', 5), row(paid, 'Paid again', 5), row(lapsed, 'Grace over', 5), row(stranger, 'Not mine', 5)]);

    const response = await call(t, partner.cookie, 'POST', '/api/assessments/import/partner', file);
    expect(response.statusCode, response.body).toBe(403);
    const unpaidIssue = (rowNumber: number) => ({ row: rowNumber, field: 'organization', path: `row ${rowNumber}: organization`, message: expect.stringContaining('has no subscription that allows use') });
    expect(response.json<ImportRefusal>().issues).toEqual([
      unpaidIssue(3),
      unpaidIssue(5),
      expect.objectContaining({ row: 6, field: 'organization', message: expect.stringContaining('not a member') }),
    ]);
    expect(await countIn(t, [paid, unpaid, lapsed])).toBe(0);

    const paidOnly = await call(t, partner.cookie, 'POST', '/api/assessments/import/partner', csvFile([header, row(paid, 'Paid', 5), row(paid, 'Paid again', 5)]));
    expect(paidOnly.statusCode, paidOnly.body).toBe(201);
    expect(await countIn(t, [paid])).toBe(2);
  });
});

/** The caller's AuthContext as a personal API token carries it (the same context the routes see). */
async function authOf(t: TestApp, caller: Caller) {
  const created = await call(t, caller.cookie, 'POST', '/api/account/tokens', { name: 'Auth', scopes: ['read', 'write'] });
  const auth = await findApiTokenAuth(t.app.db, created.json<CreatedApiToken>().secret, t.clock.now(), () => false);
  if (!auth) throw new Error('no auth');
  return auth;
}
