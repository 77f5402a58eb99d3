import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import jpeg from 'jpeg-js';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { formatUsdExact } from '@/reports/format.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { addMembership, createCaller } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createInProcessRunner, type EngineRunner } from '../../lib/engine-worker/engine-runner.ts';
import { loadReportIfReady, loadWhatChanged, requireCompleted } from './load-report.ts';
import { WhatChangedCache } from './what-changed-cache.ts';

const execFileAsync = promisify(execFile);

interface Member {
  cookie: string;
  organizationId: string;
}

let t: TestApp;
let alice: Member;
let aliceColleague: Member;
let mallory: Member;
let first: Assessment;
let second: Assessment;
let draft: Assessment;
let malloryCompleted: Assessment;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(user: Member | null, method: Method, url: string, payload?: unknown) {
  const headers: Record<string, string> = { origin: t.env.APP_URL };
  if (user) headers.cookie = user.cookie;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function complete(user: Member, input: RiskInput, title: string): Promise<Assessment> {
  const created = await call(user, 'POST', '/api/assessments', { title, input });
  expect(created.statusCode).toBe(201);
  const done = await call(user, 'POST', `/api/assessments/${created.json<Assessment>().id}/complete`, {});
  expect(done.statusCode).toBe(200);
  return done.json<Assessment>();
}

const LATER: RiskInput = {
  ...SAMPLE_CLINIC_INPUT,
  organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: 25_000_000 },
  factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'best' },
};

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([20, 60, 200, 255], i);
  return PNG.sync.write(image);
}

function jpegImage(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 128);
  return jpeg.encode({ data, width, height }, 80).data;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await createVerifiedUserSession(t, { role: 'admin' });
  alice = { cookie: a.cookie, organizationId: a.user.organizationId };
  const c = await createVerifiedUserSession(t, { organizationId: alice.organizationId, firstName: 'Colleague' });
  await addMembership(t, c.user.id, alice.organizationId, 'member');
  aliceColleague = { cookie: c.cookie, organizationId: alice.organizationId };
  const m = await createVerifiedUserSession(t);
  mallory = { cookie: m.cookie, organizationId: m.user.organizationId };
  first = await complete(alice, SAMPLE_CLINIC_INPUT, 'Q1 assessment');
  t.clock.advance(60_000);
  second = await complete(alice, LATER, 'Q2 assessment');
  const d = await call(alice, 'POST', '/api/assessments', { title: 'Unfinished' });
  draft = d.json<Assessment>();
  malloryCompleted = await complete(mallory, SAMPLE_CLINIC_INPUT, 'Mallory');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const REPORT_PATHS = ['report', 'what-changed', 'report.pdf', 'report.pptx', 'workbook.xlsx'] as const;

describe('access to reports', () => {
  test.each(REPORT_PATHS)('ACC another organisation gets 404 for %s', async (path) => {
    const response = await call(mallory, 'GET', `/api/assessments/${second.id}/${path}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Assessment not found' });
  });

  test.each(REPORT_PATHS)('an unknown or malformed id is 404 for %s', async (path) => {
    expect((await call(alice, 'GET', `/api/assessments/00000000-0000-4000-8000-000000000000/${path}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/assessments/not-a-uuid/${path}`)).statusCode).toBe(404);
  });

  test.each(REPORT_PATHS)('a draft is 409 with a message for %s', async (path) => {
    const response = await call(alice, 'GET', `/api/assessments/${draft.id}/${path}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'This assessment is a draft: complete it to get its report.' });
  });

  test.each(REPORT_PATHS)('signed-out callers get 401 for %s', async (path) => {
    expect((await call(null, 'GET', `/api/assessments/${second.id}/${path}`)).statusCode).toBe(401);
  });

  test('comparing with another organisation’s assessment is 404, with a draft 409, with itself 400', async () => {
    expect((await call(alice, 'GET', `/api/assessments/${second.id}/what-changed?against=${malloryCompleted.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/assessments/${second.id}/report.pdf?against=${malloryCompleted.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/assessments/${second.id}/what-changed?against=${draft.id}`)).statusCode).toBe(409);
    expect((await call(alice, 'GET', `/api/assessments/${second.id}/what-changed?against=${second.id}`)).statusCode).toBe(400);
    expect((await call(alice, 'GET', `/api/assessments/${second.id}/what-changed?against=nope`)).statusCode).toBe(400);
  });
});

describe('report content', () => {
  test('the report model is the stored result, compared with the previous completed assessment by default', async () => {
    const response = await call(aliceColleague, 'GET', `/api/assessments/${second.id}/report`);
    expect(response.statusCode).toBe(200);
    const model = response.json<ReportModel>();
    expect(model.headline.aleUsd).toBe(second.result?.annualLoss.expectedUsd);
    expect(model.meta.authorName).toBe('Test User');
    expect(model.whatChanged?.previous.id).toBe(first.id);
    // Eleven parts and, for a model 3.0 result, the loss scenarios (ADR 208).
    expect(model.slides).toHaveLength(12);
  });

  test('what changed: previous by default, steps summing to the difference; the first assessment has none', async () => {
    const response = await call(alice, 'GET', `/api/assessments/${second.id}/what-changed`);
    const { whatChanged } = response.json<{ whatChanged: WhatChanged }>();
    const sum = whatChanged.steps.reduce((s, step) => s + step.deltaUsd, 0);
    expect(whatChanged.totalDeltaUsd).toBe((second.result?.annualLoss.expectedUsd ?? 0) - (first.result?.annualLoss.expectedUsd ?? 0));
    expect(sum).toBeCloseTo(whatChanged.totalDeltaUsd, 6);
    expect(whatChanged.steps.find((s) => s.id === 'factors')?.changes).toEqual(['M2 Incident response plan, tested: worst → best']);
    const none = await call(alice, 'GET', `/api/assessments/${first.id}/what-changed`);
    expect(none.json()).toEqual({ whatChanged: null });
    const reversed = await call(alice, 'GET', `/api/assessments/${first.id}/what-changed?against=${second.id}`);
    expect(reversed.json<{ whatChanged: WhatChanged }>().whatChanged.totalDeltaUsd).toBe(-whatChanged.totalDeltaUsd);
  });

  test('the PDF is a whole file with the organisation assessed (ADR 217) and date in its name, and its text has the expected annual loss exactly as the API reports it', async () => {
    const response = await call(alice, 'GET', `/api/assessments/${second.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="cifer-board-report-riverside-family-clinic-sample-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(join(tmpdir(), 'cifer-api-pdf-'));
    try {
      await writeFile(join(dir, 'r.pdf'), response.rawPayload);
      const { stdout } = await execFileAsync('pdftotext', [join(dir, 'r.pdf'), '-']);
      const ale = (await call(alice, 'GET', `/api/assessments/${second.id}`)).json<Assessment>().result?.annualLoss.expectedUsd ?? Number.NaN;
      expect(stdout).toContain(formatUsdExact(ale));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the deck has native chart parts and notes; the workbook opens in a spreadsheet library', async () => {
    const deck = await call(alice, 'GET', `/api/assessments/${second.id}/report.pptx`);
    expect(deck.statusCode).toBe(200);
    expect(deck.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(deck.headers['content-disposition']).toMatch(/filename="cifer-board-deck-riverside-family-clinic-sample-.+\.pptx"/);
    const zip = await JSZip.loadAsync(deck.rawPayload);
    expect(Object.keys(zip.files).filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n)).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(zip.files).filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n))).toHaveLength(12);

    const book = await call(alice, 'GET', `/api/assessments/${second.id}/workbook.xlsx`);
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-disposition']).toMatch(/filename="cifer-verification-workbook-riverside-family-clinic-sample-.+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.getWorksheet('Statistics')?.getCell('A4').value).toBe('Expected annual loss (USD)');
    expect(workbook.getWorksheet('Statistics')?.getCell('B4').value).toBe(second.result?.annualLoss.expectedUsd);
  });
});

describe('the latest report and the what-changed cache (ADR 125)', () => {
  test('GET /api/reports/latest is the report of the organisation’s most recently completed assessment, its own organisation only', async () => {
    const latest = await call(aliceColleague, 'GET', '/api/reports/latest');
    expect(latest.statusCode).toBe(200);
    const { report } = latest.json<{ report: ReportModel }>();
    const direct = (await call(aliceColleague, 'GET', `/api/assessments/${second.id}/report`)).json<ReportModel>();
    expect(report.meta.assessmentId).toBe(second.id);
    expect(report).toEqual(direct);
    expect((await call(mallory, 'GET', '/api/reports/latest')).json<{ report: ReportModel }>().report.meta.assessmentId).toBe(malloryCompleted.id);
    expect((await call(null, 'GET', '/api/reports/latest')).statusCode).toBe(401);
  });

  test('an organisation without a completed assessment gets { report: null }', async () => {
    const s = await createVerifiedUserSession(t);
    const nobody = { cookie: s.cookie, organizationId: s.user.organizationId };
    await call(nobody, 'POST', '/api/assessments', { title: 'Only a draft' });
    const response = await call(nobody, 'GET', '/api/reports/latest');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ report: null });
  });

  test('ADR 129: ?whatChanged=ifReady answers the whole report once its waterfall is computed; a bad value is a 400', async () => {
    await t.app.backgroundTasks.idle();
    const ready = (await call(aliceColleague, 'GET', '/api/reports/latest?whatChanged=ifReady')).json<{ report: ReportModel; whatChangedPending?: true }>();
    const whole = (await call(aliceColleague, 'GET', `/api/assessments/${second.id}/report`)).json<ReportModel>();
    expect(ready.whatChangedPending).toBeUndefined();
    expect(ready.report).toEqual(whole);
    expect(ready.report.slides.map((slide) => slide.id)).toContain('whatChanged');
    const bad = await call(aliceColleague, 'GET', '/api/reports/latest?whatChanged=later');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('whatChanged must be wait or ifReady');
  });

  test('ADR 129: while the waterfall is being computed, the report comes without its slide, marked pending, and the computation goes on', async () => {
    const s = await createVerifiedUserSession(t);
    const erin = { cookie: s.cookie, organizationId: s.user.organizationId };
    await complete(erin, SAMPLE_CLINIC_INPUT, 'Earlier');
    t.clock.advance(60_000);
    const later = await complete(erin, LATER, 'Later');
    // An engine that answers only when released: the waterfall stays under way.
    const inProcess = createInProcessRunner();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const held: EngineRunner = { ...inProcess, expectedLoss: async (run) => (runs++, await released, inProcess.expectedLoss(run)) };
    const sources = { db: t.app.db, whatChangedCache: new WhatChangedCache(), engine: held };
    const current = await requireCompleted(t.app.db, erin.organizationId, later.id);

    const early = await loadReportIfReady(sources, erin.organizationId, current, t.app.now());
    expect(early.whatChangedPending).toBe(true);
    expect(early.model.whatChanged).toBeNull();
    expect(early.model.slides.map((slide) => slide.id)).not.toContain('whatChanged');
    expect(early.model.slides.map((slide) => slide.id)).toContain('headline');
    expect(runs).toBe(1);

    release();
    const whole = (await call(erin, 'GET', `/api/assessments/${later.id}/report`)).json<ReportModel>();
    // Waits for the computation the early answer left under way (the same cached one).
    await loadWhatChanged(sources, erin.organizationId, current, undefined);
    const settled = await loadReportIfReady(sources, erin.organizationId, current, t.app.now());
    expect(settled.whatChangedPending).toBe(false);
    expect(settled.model.whatChanged).toEqual(whole.whatChanged);
    expect(settled.model.slides.map((slide) => slide.id)).toEqual(whole.slides.map((slide) => slide.id));
    expect(runs).toBe(4);
  });

  test('ADR 127: completing an assessment computes its waterfall against the previous one ahead, and the report then serves that one', async () => {
    const s = await createVerifiedUserSession(t);
    const dana = { cookie: s.cookie, organizationId: s.user.organizationId };
    const computedAhead = () => t.logs.filter((line) => line.includes('what-changed waterfall computed ahead'));
    // Earlier completions (beforeAll) may still be computing theirs: count from a quiet queue.
    await t.app.backgroundTasks.idle();
    const before = computedAhead().length;
    await complete(dana, SAMPLE_CLINIC_INPUT, 'First');
    await t.app.backgroundTasks.idle();
    // The first assessment has nothing to compare with: nothing is computed.
    expect(computedAhead()).toHaveLength(before);
    t.clock.advance(60_000);
    const later = await complete(dana, LATER, 'Second');
    await t.app.backgroundTasks.idle();
    const lines = computedAhead().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(later.id);
    const report = (await call(dana, 'GET', `/api/assessments/${later.id}/report`)).json<ReportModel>();
    const direct = (await call(dana, 'GET', `/api/assessments/${later.id}/what-changed`)).json<{ whatChanged: WhatChanged }>().whatChanged;
    expect(report.whatChanged).toEqual(direct);
    expect(direct.totalDeltaUsd).toBe((later.result?.annualLoss.expectedUsd ?? 0) - direct.previous.aleUsd);
  });

  test('a cached waterfall is the computed one, and deleting the previous assessment compares with the one before it', async () => {
    const s = await createVerifiedUserSession(t);
    const carol = { cookie: s.cookie, organizationId: s.user.organizationId };
    const a = await complete(carol, SAMPLE_CLINIC_INPUT, 'A');
    t.clock.advance(60_000);
    const b = await complete(carol, { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'best' } }, 'B');
    t.clock.advance(60_000);
    const c = await complete(carol, LATER, 'C');
    const fresh = (await call(carol, 'GET', `/api/assessments/${c.id}/what-changed`)).json<{ whatChanged: WhatChanged }>().whatChanged;
    const again = (await call(carol, 'GET', `/api/assessments/${c.id}/what-changed`)).json<{ whatChanged: WhatChanged }>().whatChanged;
    expect(fresh.previous.id).toBe(b.id);
    expect(again).toEqual(fresh);
    expect((await call(carol, 'DELETE', `/api/assessments/${b.id}`)).statusCode).toBe(204);
    const afterDelete = (await call(carol, 'GET', `/api/assessments/${c.id}/what-changed`)).json<{ whatChanged: WhatChanged }>().whatChanged;
    expect(afterDelete.previous.id).toBe(a.id);
    expect(afterDelete.totalDeltaUsd).toBe((c.result?.annualLoss.expectedUsd ?? 0) - (a.result?.annualLoss.expectedUsd ?? 0));
    expect(afterDelete.steps.find((step) => step.id === 'factors')?.changes).toEqual(['M2 Incident response plan, tested: worst → best']);
  });
});

describe('organisation logo', () => {
  test('an admin uploads a PNG; it is served back and drawn in the PDF', async () => {
    const image = png(40, 20);
    const put = await call(alice, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: image.toString('base64') });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ logo: { contentType: 'image/png', byteLength: image.length, width: 40, height: 20 }, canManage: true });
    const served = await call(aliceColleague, 'GET', '/api/organization/logo/image');
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect((await call(aliceColleague, 'GET', '/api/organization/logo')).json()).toMatchObject({ logo: { width: 40 }, canManage: false });
    expect((await call(mallory, 'GET', '/api/organization/logo')).json()).toEqual({ logo: null, canManage: true });
    expect((await call(mallory, 'GET', '/api/organization/logo/image')).statusCode).toBe(404);

    const pdf = await call(alice, 'GET', `/api/assessments/${second.id}/report.pdf`);
    const dir = await mkdtemp(join(tmpdir(), 'cifer-api-logo-'));
    try {
      await writeFile(join(dir, 'r.pdf'), pdf.rawPayload);
      const { stdout } = await execFileAsync('pdfimages', ['-list', join(dir, 'r.pdf')]);
      expect(stdout).toMatch(/\s40\s+20\s/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a JPEG is accepted after decoding; the only user of an organisation may upload', async () => {
    const response = await call(mallory, 'PUT', '/api/organization/logo', { contentType: 'image/jpeg', dataBase64: jpegImage(16, 8).toString('base64') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logo: { contentType: 'image/jpeg', width: 16, height: 8 } });
    expect((await call(mallory, 'DELETE', '/api/organization/logo')).statusCode).toBe(204);
    expect((await call(mallory, 'DELETE', '/api/organization/logo')).statusCode).toBe(404);
  });

  test('a member of a shared organisation gets 403', async () => {
    const response = await call(aliceColleague, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: png(4, 4).toString('base64') });
    expect(response.statusCode).toBe(403);
    expect((await call(aliceColleague, 'DELETE', '/api/organization/logo')).statusCode).toBe(403);
  });

  test('ADR 145: an owner of a shared organisation (not a platform admin) uploads and removes the logo; a viewer or member of it gets 403 and sees canManage false', async () => {
    const owner = await createCaller(t);
    const clinic = owner.homeOrganizationId;
    const member = await createCaller(t, { organizationId: clinic, organizationRole: 'member' });
    const viewer = await createCaller(t, { organizationId: clinic, organizationRole: 'viewer' });
    const image = png(12, 6).toString('base64');
    for (const refused of [member, viewer]) {
      expect((await call(refused, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: image })).statusCode).toBe(403);
      expect((await call(refused, 'GET', '/api/organization/logo')).json()).toEqual({ logo: null, canManage: false });
    }
    const put = await call(owner, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: image });
    expect(put.statusCode).toBe(200);
    expect((await call(member, 'GET', '/api/organization/logo')).json()).toMatchObject({ logo: { width: 12, height: 6, canManage: false }, canManage: false });
    expect((await call(viewer, 'DELETE', '/api/organization/logo')).statusCode).toBe(403);
    expect((await call(member, 'DELETE', '/api/organization/logo')).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', '/api/organization/logo')).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/api/organization/logo')).json()).toEqual({ logo: null, canManage: true });
  });

  test('ADR 145: a platform admin who is only a viewer of an organisation cannot change its logo', async () => {
    const owner = await createCaller(t);
    const adminViewer = await createCaller(t, { role: 'admin', organizationId: owner.homeOrganizationId, organizationRole: 'viewer' });
    expect((await call(adminViewer, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: png(4, 4).toString('base64') })).statusCode).toBe(403);
  });

  test.each([
    ['bytes that only start like a PNG', 'image/png', Buffer.concat([png(8, 8).subarray(0, 33), Buffer.from('not really an image')]), 'The file is not a valid PNG image'],
    ['a PNG with a corrupted chunk', 'image/png', (() => { const b = Buffer.from(png(8, 8)); b[b.length - 20] = (b[b.length - 20] as number) ^ 0xff; return b; })(), 'The file is not a valid PNG image'],
    ['a PNG sent as JPEG', 'image/jpeg', png(8, 8), 'The file is not a valid JPEG image'],
    ['a truncated JPEG', 'image/jpeg', jpegImage(16, 16).subarray(0, 200), 'The file is not a valid JPEG image'],
    ['text', 'image/png', Buffer.from('hello world'), 'The file is not a valid PNG image'],
  ] as const)('BAD-INPUT %s is 400', async (_name, contentType, data, message) => {
    const response = await call(mallory, 'PUT', '/api/organization/logo', { contentType, dataBase64: data.toString('base64') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  test('BAD-INPUT a logo over 500 KB, or another image type, is 400', async () => {
    const large = Buffer.concat([png(8, 8), Buffer.alloc(520 * 1024)]);
    const tooLarge = await call(mallory, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: large.toString('base64') });
    expect(tooLarge.statusCode).toBe(400);
    expect(JSON.stringify(tooLarge.json())).toContain('The logo must be 500 KB or smaller');
    const gif = await call(mallory, 'PUT', '/api/organization/logo', { contentType: 'image/gif', dataBase64: 'R0lGODlhAQABAAAAACw=' });
    expect(gif.statusCode).toBe(400);
    expect((await call(mallory, 'GET', '/api/organization/logo')).json()).toEqual({ logo: null, canManage: true });
  });
});
