import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CompleteAssessmentBodySchema,
  CreateAssessmentBodySchema,
  InviteColleagueBodySchema,
  CreateScenarioBodySchema,
  ListAssessmentsQuerySchema,
  UpdateAssessmentBodySchema,
  type Assessment,
  type DraftRiskInput,
} from '@/contracts/assessments.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth, requireOrganizationRole } from '../../sessions/auth-context.ts';
import { recordAnswerProvenance } from './answer-provenance.ts';
import { deleteAssessment, findAssessment, insertAssessment, listAssessments, updateDraft, type DraftChanges } from './assessment-repository.ts';
import { completeAssessment } from './complete-assessment.ts';
import { inviteColleague } from './invite-colleague.ts';
import { compareWithCurrentModel } from './model-comparison.ts';
import { refineAssessment } from './refine-assessment.ts';
import { DEFAULT_SEED, runAssessment } from './run-assessment.ts';

/** Each invitation sends an e-mail: a person hands over a few assessments an hour at most. */
export const INVITE_LIMIT_PER_USER = 20;
export const INVITE_WINDOW_MS = 60 * 60_000;

const NOT_FOUND_MESSAGE = 'Assessment not found';
const MAX_TITLE_LENGTH = 200;
const COMPLETED_CANNOT_CHANGE = 'A completed assessment cannot be changed; duplicate it to start a new draft.';
const STALE_DRAFT_MESSAGE = 'This draft was changed elsewhere since you last saw it.';

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

function defaultTitle(now: Date, organisationName?: string): string {
  const date = now.toISOString().slice(0, 10);
  return organisationName ? `${organisationName} — ${date}`.slice(0, MAX_TITLE_LENGTH) : `Risk assessment ${date}`;
}

/**
 * Assessments of the signed-in user's organisation (issue #6). Every query is scoped by
 * organisation id: another organisation's assessment, a missing one and a malformed id all
 * answer the same 404, so ids cannot be probed.
 */
export async function assessmentRoutes(app: FastifyInstance) {
  const access = { access: 'user' } as const;
  // A viewer of the current organisation reads only (ADR 140).
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') requireOrganizationRole(requireAuth(request), 'member');
  });

  async function requireAssessment(organizationId: string, id: string): Promise<Assessment> {
    const assessment = await findAssessment(app.db, organizationId, id);
    if (!assessment) throw new AppError('not_found', NOT_FOUND_MESSAGE);
    return assessment;
  }

  app.get('/api/assessments', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const query = parseInput(ListAssessmentsQuerySchema, request.query);
    return listAssessments(app.db, auth.user.organizationId, query.page, query.pageSize);
  });

  app.post('/api/assessments', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseInput(CreateAssessmentBodySchema, request.body);
    const now = app.now();
    const input: DraftRiskInput = body.input ?? {};
    const id = await insertAssessment(app.db, {
      organizationId: auth.user.organizationId,
      authorId: auth.user.id,
      title: body.title ?? defaultTitle(now, input.organisation?.name),
      input,
      status: 'draft',
      path: body.path ?? 'commercial',
      currentStep: 'profile',
      now,
    });
    return reply.status(201).send(await requireAssessment(auth.user.organizationId, id));
  });

  app.get('/api/assessments/:id', { config: access }, async (request) => {
    const auth = requireAuth(request);
    return requireAssessment(auth.user.organizationId, idParam(request));
  });

  app.patch('/api/assessments/:id', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const existing = await requireAssessment(auth.user.organizationId, idParam(request));
    const body = parseInput(UpdateAssessmentBodySchema, request.body);
    if (existing.status !== 'draft') throw new AppError('conflict', COMPLETED_CANNOT_CHANGE);
    const changes: DraftChanges = {};
    if (body.title !== undefined) changes.title = body.title;
    if (body.input !== undefined) {
      changes.input = body.input;
      changes.answerProvenance = recordAnswerProvenance(existing.answerProvenance, existing.input.factors, body.input.factors, auth.user, existing.path, app.now());
    }
    if (body.currentStep !== undefined) changes.currentStep = body.currentStep;
    if (body.businessAnswers !== undefined) changes.businessAnswers = body.businessAnswers;
    if (body.evidenceNotes !== undefined) changes.evidenceNotes = body.evidenceNotes;
    const expected = body.expectedUpdatedAt === undefined ? undefined : new Date(body.expectedUpdatedAt);
    if (expected && expected.getTime() !== Date.parse(existing.updatedAt)) throw new AppError('conflict', STALE_DRAFT_MESSAGE);
    const updated = await updateDraft(app.db, auth.user.organizationId, existing.id, changes, app.now(), expected);
    if (!updated) throw new AppError('conflict', expected ? STALE_DRAFT_MESSAGE : COMPLETED_CANNOT_CHANGE);
    return requireAssessment(auth.user.organizationId, existing.id);
  });

  app.post('/api/assessments/:id/complete', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const existing = await requireAssessment(auth.user.organizationId, idParam(request));
    const body = parseInput(CompleteAssessmentBodySchema, request.body);
    const { seed } = await completeAssessment({ db: app.db, existing, body, user: auth.user, now: app.now() });
    request.log.info({ assessmentId: existing.id, engineVersion: ENGINE_VERSION, seed, path: existing.path }, 'assessment completed');
    return requireAssessment(auth.user.organizationId, existing.id);
  });

  // Both figures of an assessment stored by an older model (ADR 105): read-only, recomputed each time.
  app.get('/api/assessments/:id/model-comparison', { config: access }, async (request) => {
    const auth = requireAuth(request);
    const assessment = await requireAssessment(auth.user.organizationId, idParam(request));
    const comparison = compareWithCurrentModel(assessment);
    request.log.info({ assessmentId: assessment.id, storedEngineVersion: comparison.stored.engineVersion, engineVersion: comparison.current.engineVersion }, 'assessment re-run on the current model');
    return comparison;
  });

  app.post('/api/assessments/:id/refine', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(auth.user.organizationId, idParam(request));
    const id = await refineAssessment({ db: app.db, source, user: auth.user, now: app.now() });
    request.log.info({ assessmentId: id, sourceAssessmentId: source.id }, 'assessment refinement started');
    return reply.status(201).send(await requireAssessment(auth.user.organizationId, id));
  });

  app.post('/api/assessments/:id/invite', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const assessment = await requireAssessment(auth.user.organizationId, idParam(request));
    const body = parseInput(InviteColleagueBodySchema, request.body);
    await enforceRateLimit(app, `assessment-invite:user:${auth.user.id}`, INVITE_LIMIT_PER_USER, INVITE_WINDOW_MS, 'Too many invitations. Please wait a while before inviting again.');
    const sent = await inviteColleague({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, assessment, inviter: auth.user, body });
    request.log.info({ assessmentId: assessment.id, inviterId: auth.user.id }, 'colleague invited to refine an assessment');
    return reply.status(202).send(sent);
  });

  app.post('/api/assessments/:id/duplicate', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(auth.user.organizationId, idParam(request));
    const id = await insertAssessment(app.db, {
      organizationId: auth.user.organizationId,
      authorId: auth.user.id,
      title: `${source.title} (copy)`.slice(0, MAX_TITLE_LENGTH),
      input: source.input,
      status: 'draft',
      path: source.path,
      businessAnswers: source.businessAnswers,
      evidenceNotes: source.evidenceNotes,
      answerProvenance: source.answerProvenance,
      currentStep: 'profile',
      now: app.now(),
    });
    return reply.status(201).send(await requireAssessment(auth.user.organizationId, id));
  });

  // A what-if saved from the results: a new, completed assessment computed here from the
  // submitted input (the numbers the browser showed are never stored).
  app.post('/api/assessments/:id/scenarios', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const source = await requireAssessment(auth.user.organizationId, idParam(request));
    const body = parseInput(CreateScenarioBodySchema, request.body);
    const seed = body.seed ?? source.seed ?? DEFAULT_SEED;
    const result = runAssessment(body.input as RiskInput, seed);
    const id = await insertAssessment(app.db, {
      organizationId: auth.user.organizationId,
      authorId: auth.user.id,
      title: body.title,
      input: body.input,
      status: 'completed',
      engineVersion: result.engineVersion,
      seed,
      result,
      now: app.now(),
    });
    return reply.status(201).send(await requireAssessment(auth.user.organizationId, id));
  });

  app.delete('/api/assessments/:id', { config: access }, async (request, reply) => {
    const auth = requireAuth(request);
    const deleted = await deleteAssessment(app.db, auth.user.organizationId, idParam(request));
    if (!deleted) throw new AppError('not_found', NOT_FOUND_MESSAGE);
    return reply.status(204).send();
  });
}
