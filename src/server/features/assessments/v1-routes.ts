import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  V1AssessmentListQuerySchema,
  V1AssessmentPageSchema,
  V1AssessmentParamsSchema,
  V1AssessmentSchema,
  V1CreateAssessmentBodySchema,
  V1EvidenceChangesSchema,
  V1EvidenceSchema,
  V1ResultSchema,
  V1UpdateAssessmentBodySchema,
  V1WhatIfBodySchema,
  V1WhatIfSchema,
} from '@/contracts/public-api.ts';
import { toV1Result } from '@/reports/public-result.ts';
import { computeDecisionFigures, decisionFigureRuns } from '@/reports/report-model.ts';
import { findAssessmentRiskProfile } from '../../db/repositories/risk-profiles.ts';
import type { Database } from '../../db/client.ts';
import { listAssessmentsAfter } from '../../db/repositories/assessments.ts';
import { AppError } from '../../errors.ts';
import { isNotModified, weakEtag } from '../../lib/etag.ts';
import { runModelRuns } from '../../lib/engine-worker/run-model-runs.ts';
import { rejectInvalidInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth, requirePermission } from '../../sessions/auth-context.ts';
import { completeAssessment } from './complete-assessment.ts';
import { createAssessment } from './create-assessment.ts';
import { duplicateAssessment } from './duplicate-assessment.ts';
import { requireAssessment } from './require-assessment.ts';
import { saveDraft } from './save-draft.ts';
import { decodeCursor } from './v1-cursor.ts';
import { changeEvidence, toV1Evidence } from './v1-evidence.ts';
import { toV1Assessment, toV1Page } from './v1-view.ts';
import { runWhatIf } from './what-if.ts';

/** Each what-if runs the model twice: a person or a script exploring answers needs a few a second at most. */
export const WHAT_IF_LIMIT_PER_MINUTE = 60;
const NO_RESULT_MESSAGE = 'This assessment is a draft: it has no result until it is completed.';

const readV1Assessment = async (db: Database, organizationId: string, id: string) => toV1Assessment(await requireAssessment(db, organizationId, id));

/**
 * The public API's assessments (ADR 228; docs/api.md): the same operations as /api/assessments,
 * answered in the documented v1 shapes. Browser sessions and API tokens (read or write scope) alike;
 * viewers read, members and owners write, as in the app.
 */
export async function assessmentV1Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'user', api: 'read' } as const;
  const write = { access: 'user', api: 'write' } as const;
  const params = V1AssessmentParamsSchema;
  // A viewer reads only (ADR 140), checked before the input like the access check (ADR 210); a what-if stores nothing.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.api === 'write') requirePermission(requireAuth(request), 'organization.write');
  });

  app.get('/api/v1/assessments', { config: read, schema: { querystring: V1AssessmentListQuerySchema, response: { 200: V1AssessmentPageSchema } } }, async (request) => {
    const { cursor, limit } = request.query;
    const organizationId = requireAuth(request).user.organizationId;
    // One row more than asked tells whether another page follows.
    const after = cursor === undefined ? null : decodeCursor(cursor);
    return toV1Page(await listAssessmentsAfter(app.db, organizationId, after, limit + 1), limit);
  });

  app.post('/api/v1/assessments', { config: write, schema: { body: V1CreateAssessmentBodySchema, response: { 201: V1AssessmentSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const { id } = await createAssessment({ db: app.db, user: auth.user, body: request.body, now: app.now() });
    return reply.status(201).send(await readV1Assessment(app.db, auth.user.organizationId, id));
  });

  app.get('/api/v1/assessments/:id', { config: read, schema: { params, response: { 200: V1AssessmentSchema, 304: z.undefined() } } }, async (request, reply) => {
    const record = await requireAssessment(app.db, requireAuth(request).user.organizationId, request.params.id);
    if (isNotModified(request, reply, weakEtag(record.id, record.updatedAt))) return reply.status(304).send();
    return toV1Assessment(record);
  });

  // The writes find their assessment (404) before they read the body (400), as the app's do (ADR 064).
  app.patch('/api/v1/assessments/:id', { config: write, schema: { params, body: V1UpdateAssessmentBodySchema, response: { 200: V1AssessmentSchema } }, attachValidation: true }, async (request) => {
    const { user } = requireAuth(request);
    return toV1Assessment(await saveDraft({ db: app.db, id: request.params.id, body: request.body, bodyError: request.validationError, user, now: app.now() }));
  });

  app.post('/api/v1/assessments/:id/complete', { config: write, schema: { params, response: { 200: V1AssessmentSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const existing = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    const { seed, engineVersion } = await completeAssessment({ db: app.db, engine: app.engine, existing, body: {}, user: auth.user, now: app.now(), everyFactor: true });
    request.log.info({ assessmentId: existing.id, engineVersion, seed, path: existing.path }, 'assessment completed');
    app.events.emit('assessment.completed', { organizationId: auth.user.organizationId, assessmentId: existing.id });
    return readV1Assessment(app.db, auth.user.organizationId, existing.id);
  });

  app.post('/api/v1/assessments/:id/duplicate', { config: write, schema: { params, response: { 201: V1AssessmentSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    const id = await duplicateAssessment({ db: app.db, source, user: auth.user, now: app.now() });
    return reply.status(201).send(await readV1Assessment(app.db, auth.user.organizationId, id));
  });

  app.get('/api/v1/assessments/:id/result', { config: read, schema: { params, response: { 200: V1ResultSchema, 304: z.undefined() } } }, async (request, reply) => {
    const record = await requireAssessment(app.db, requireAuth(request).user.organizationId, request.params.id);
    if (record.status !== 'completed' || !record.result || !record.completedAt) throw new AppError('not_found', NO_RESULT_MESSAGE);
    if (isNotModified(request, reply, weakEtag(record.id, record.completedAt))) return reply.status(304).send();
    if (record.completedInput === null) throw new Error('a completed assessment has answers the current model does not accept');
    // The pack's own key figures and priced options (ADR 271), with the risk profile kept with the assessment.
    const riskProfile = await findAssessmentRiskProfile(app.db, record.id);
    // The options' engine runs go to the engine pool, off the event loop (ADR 323).
    const runResults = await runModelRuns(app.engine, decisionFigureRuns(record.completedInput, record.result, riskProfile));
    const { keyFigures } = computeDecisionFigures(record.completedInput, record.result, riskProfile, runResults);
    return toV1Result({ id: record.id, title: record.title, completedAt: record.completedAt }, record.result, keyFigures);
  });

  // Framework evidence (ADR 318): read by anyone who reads the assessment, changed like a draft's answers.
  app.get('/api/v1/assessments/:id/evidence', { config: read, schema: { params, response: { 200: V1EvidenceSchema } } }, async (request) =>
    toV1Evidence(await requireAssessment(app.db, requireAuth(request).user.organizationId, request.params.id)),
  );
  const evidenceSchema = { params, body: V1EvidenceChangesSchema, response: { 200: V1EvidenceSchema } };
  app.patch('/api/v1/assessments/:id/evidence', { config: write, schema: evidenceSchema, attachValidation: true }, async (request) => {
    const { user } = requireAuth(request);
    return toV1Evidence(await changeEvidence({ db: app.db, id: request.params.id, changes: request.body, bodyError: request.validationError, user, now: app.now() }));
  });

  app.post('/api/v1/assessments/:id/what-if', { config: read, schema: { params, body: V1WhatIfBodySchema, response: { 200: V1WhatIfSchema } }, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    const assessment = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    rejectInvalidInput(request);
    await enforceRateLimit(app, `v1-what-if:user:${auth.user.id}`, WHAT_IF_LIMIT_PER_MINUTE, 60_000, 'Too many what-if questions. Please wait a minute.');
    return runWhatIf(app.engine, assessment, request.body);
  });
}
