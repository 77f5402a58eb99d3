import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssessmentPageSchema,
  AssessmentParamsSchema,
  AssessmentSchema,
  CompleteAssessmentBodySchema,
  CreateAssessmentBodySchema,
  InviteColleagueBodySchema,
  InviteColleagueResponseSchema,
  CreateScenarioBodySchema,
  ListAssessmentsQuerySchema,
  ModelComparisonSchema,
  RenameAssessmentBodySchema,
  UpdateAssessmentBodySchema,
} from '@/contracts/assessments.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { rejectInvalidInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth, requirePermission } from '../../sessions/auth-context.ts';
import { toAssessment } from './assessment-view.ts';
import { completeAssessment } from './complete-assessment.ts';
import { createAssessment } from './create-assessment.ts';
import { duplicateAssessment } from './duplicate-assessment.ts';
import { inviteColleague } from './invite-colleague.ts';
import { listAssessments } from './list-assessments.ts';
import { compareWithCurrentModel } from './model-comparison.ts';
import { refineAssessment } from './refine-assessment.ts';
import { removeAssessment } from './remove-assessment.ts';
import { renameAssessment } from './rename-assessment.ts';
import { readAssessment, requireAssessment } from './require-assessment.ts';
import { saveScenario } from './save-scenario.ts';
import { saveDraft } from './save-draft.ts';

/** Each invitation sends an e-mail: a person hands over a few assessments an hour at most. */
export const INVITE_LIMIT_PER_USER = 20;
export const INVITE_WINDOW_MS = 60 * 60_000;

/**
 * Assessments of the signed-in user's organisation. Every query is scoped by
 * organisation id: another organisation's assessment, a missing one and a malformed id all
 * answer the same 404, so ids cannot be probed.
 */
export async function assessmentRoutes(fastify: FastifyInstance) {
  // A viewer of the current organisation reads only (ADR 140); before schema validation, like the access check (ADR 210).
  fastify.addHook('preValidation', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') requirePermission(requireAuth(request), 'organization.write');
  });
  draftRoutes(fastify);
  derivedAssessmentRoutes(fastify);
}

const access = { access: 'user' } as const;
const params = AssessmentParamsSchema;
const created = { 201: AssessmentSchema };

/** One assessment's life: list, start, read, save, rename, complete. */
function draftRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/assessments', { config: access, schema: { querystring: ListAssessmentsQuerySchema, response: { 200: AssessmentPageSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query;
    return listAssessments({ db: app.db, organizationId: auth.user.organizationId, page: query.page, pageSize: query.pageSize });
  });

  app.post('/api/assessments', { config: access, schema: { body: CreateAssessmentBodySchema, response: { ...created, 200: AssessmentSchema } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const body = request.body;
    const { id, isNew } = await createAssessment({ db: app.db, user: auth.user, body, now: app.now() });
    return reply.status(isNew ? 201 : 200).send(await readAssessment(app.db, auth.user.organizationId, id));
  });

  app.get('/api/assessments/:id', { config: access, schema: { params, response: { 200: AssessmentSchema } } }, async (request) => {
    const auth = requireAuth(request);
    return readAssessment(app.db, auth.user.organizationId, request.params.id);
  });

  // The writes below find their assessment (404) before they read the body (400), as they always
  // have (ADR 064): their schemas are declared with attachValidation and the 400 waits for the look-up.
  app.patch('/api/assessments/:id', { config: access, schema: { params, body: UpdateAssessmentBodySchema, response: { 200: AssessmentSchema } }, attachValidation: true }, async (request) => {
    const { user } = requireAuth(request);
    return toAssessment(await saveDraft({ db: app.db, id: request.params.id, body: request.body, bodyError: request.validationError, user, now: app.now() }));
  });

  // Drafts and completed assessments alike (ADR 217): the title is the one thing a completed assessment lets change.
  app.post('/api/assessments/:id/rename', { config: access, schema: { params, body: RenameAssessmentBodySchema, response: { 200: AssessmentSchema } }, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    const existing = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    rejectInvalidInput(request);
    return renameAssessment({ db: app.db, organizationId: auth.user.organizationId, id: existing.id, body: request.body, now: app.now() });
  });

  app.post('/api/assessments/:id/complete', { config: access, schema: { params, body: CompleteAssessmentBodySchema, response: { 200: AssessmentSchema } }, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    const existing = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    rejectInvalidInput(request);
    const { seed } = await completeAssessment({ db: app.db, engine: app.engine, existing, body: request.body, user: auth.user, now: app.now() });
    request.log.info({ assessmentId: existing.id, engineVersion: ENGINE_VERSION, seed, path: existing.path }, 'assessment completed');
    app.events.emit('assessment.completed', { organizationId: auth.user.organizationId, assessmentId: existing.id });
    return readAssessment(app.db, auth.user.organizationId, existing.id);
  });
}

/** What follows from an assessment: a model comparison, refinements, invitations, copies, scenarios, removal. */
function derivedAssessmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Both figures of an assessment stored by an older model (ADR 105): read-only, recomputed each time.
  app.get('/api/assessments/:id/model-comparison', { config: access, schema: { params, response: { 200: ModelComparisonSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const assessment = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    const comparison = compareWithCurrentModel(assessment);
    request.log.info({ assessmentId: assessment.id, storedEngineVersion: comparison.stored.engineVersion, engineVersion: comparison.current.engineVersion }, 'assessment re-run on the current model');
    return comparison;
  });

  app.post('/api/assessments/:id/refine', { config: access, schema: { params, response: created } }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    const id = await refineAssessment({ db: app.db, source, user: auth.user, now: app.now() });
    request.log.info({ assessmentId: id, sourceAssessmentId: source.id }, 'assessment refinement started');
    return reply.status(201).send(await readAssessment(app.db, auth.user.organizationId, id));
  });

  const inviteSchema = { params, body: InviteColleagueBodySchema, response: { 202: InviteColleagueResponseSchema } };
  app.post('/api/assessments/:id/invite', { config: access, schema: inviteSchema, attachValidation: true }, async (request, reply) => {
    const auth = requireAuth(request);
    const assessment = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    rejectInvalidInput(request);
    const body = request.body;
    await enforceRateLimit(app, `assessment-invite:user:${auth.user.id}`, INVITE_LIMIT_PER_USER, INVITE_WINDOW_MS, 'Too many invitations. Please wait a while before inviting again.');
    const sent = await inviteColleague({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, assessment, inviter: auth.user, body });
    request.log.info({ assessmentId: assessment.id, inviterId: auth.user.id }, 'colleague invited to refine an assessment');
    return reply.status(202).send(sent);
  });

  app.post('/api/assessments/:id/duplicate', { config: access, schema: { params, response: created } }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    const id = await duplicateAssessment({ db: app.db, source, user: auth.user, now: app.now() });
    return reply.status(201).send(await readAssessment(app.db, auth.user.organizationId, id));
  });

  app.post('/api/assessments/:id/scenarios', { config: access, schema: { params, body: CreateScenarioBodySchema, response: created }, attachValidation: true }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(app.db, auth.user.organizationId, request.params.id);
    rejectInvalidInput(request);
    const id = await saveScenario({ db: app.db, engine: app.engine, source, body: request.body, user: auth.user, now: app.now() });
    return reply.status(201).send(await readAssessment(app.db, auth.user.organizationId, id));
  });

  app.delete('/api/assessments/:id', { config: access, schema: { params, response: { 204: z.undefined() } } }, async (request, reply) => {
    const auth = requireAuth(request);
    await removeAssessment({ db: app.db, organizationId: auth.user.organizationId, id: request.params.id });
    return reply.status(204).send();
  });
}
