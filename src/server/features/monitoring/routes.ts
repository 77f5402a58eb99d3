import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AcceptActionBodySchema,
  ActionIdResponseSchema,
  ActionParamsSchema,
  ActionPlanSchema,
  MonitoringTrendSchema,
  OpsHealthSchema,
  ReassessmentScheduleSchema,
  RescoreResponseSchema,
  UpdateActionBodySchema,
  UpdateScheduleBodySchema,
  UpdateScheduleResponseSchema,
} from '@/contracts/monitoring.ts';
import { requireAuth, requirePermission } from '../../sessions/auth-context.ts';
import { acceptRecommendation } from './accept-recommendation.ts';
import { changeAction } from './change-action.ts';
import { readOpsHealth } from './ops-health.ts';
import { readActionPlan } from './read-action-plan.ts';
import { readSchedule } from './read-schedule.ts';
import { readTrend } from './read-trend.ts';
import { rescoreWithDoneActions } from './rescore.ts';
import { saveCadence } from './schedule-repository.ts';
import { REMINDER_INTERVAL_MS, REMINDER_JOB, sendDueReminders } from './send-reminders.ts';

/** Monitoring: risk over time, the action plan, the reassessment schedule, reminders and ops health. */
export async function monitoringRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user' } as const;
  // A viewer of the current organisation reads only (ADR 140): the plan and schedule are changed by members.
  // Before schema validation, like the access check (ADR 210).
  app.addHook('preValidation', async (request) => {
    if (request.url.startsWith('/api/monitoring/') && request.method !== 'GET' && request.method !== 'HEAD') requirePermission(requireAuth(request), 'organization.write');
  });

  app.jobs.register(REMINDER_JOB, async (_payload, { now }) => {
    const sent = await sendDueReminders({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, now, events: app.events });
    if (sent > 0) app.log.info({ reminders: sent }, 'monitoring reminders sent');
  });
  app.jobs.every(REMINDER_JOB, REMINDER_INTERVAL_MS);

  /** Every monitoring query is scoped by the caller's current organisation. */
  const organizationOf = (request: FastifyRequest) => requireAuth(request).user.organizationId;

  app.get('/api/monitoring/trend', { config: user, schema: { response: { 200: MonitoringTrendSchema } } }, async (request) => readTrend({ db: app.db, organizationId: organizationOf(request) }));

  app.get('/api/monitoring/plan', { config: user, schema: { response: { 200: ActionPlanSchema } } }, async (request) => readActionPlan({ db: app.db, engine: app.engine, organizationId: organizationOf(request), now: app.now() }));

  app.post('/api/monitoring/actions', { config: user, schema: { body: AcceptActionBodySchema, response: { 201: ActionIdResponseSchema } } }, async (request, reply) => {
    const body = request.body;
    const caller = requireAuth(request).user;
    const id = await acceptRecommendation({ db: app.db, organizationId: caller.organizationId, userId: caller.id, body, now: app.now() });
    return reply.status(201).send({ id });
  });

  const changeSchema = { params: ActionParamsSchema, body: UpdateActionBodySchema, response: { 200: ActionIdResponseSchema } };
  app.patch('/api/monitoring/actions/:id', { config: user, schema: changeSchema }, async (request) => {
    await changeAction({ db: app.db, organizationId: organizationOf(request), actionId: request.params.id, body: request.body, now: app.now() });
    return { id: request.params.id };
  });

  app.post('/api/monitoring/rescore', { config: user, schema: { response: { 201: RescoreResponseSchema } } }, async (request, reply) => {
    const caller = requireAuth(request).user;
    const created = await rescoreWithDoneActions({ db: app.db, engine: app.engine, organizationId: caller.organizationId, authorId: caller.id, now: app.now() });
    request.log.info({ assessmentId: created.assessmentId }, 'quick re-score completed');
    return reply.status(201).send(created);
  });

  app.get('/api/monitoring/schedule', { config: user, schema: { response: { 200: ReassessmentScheduleSchema } } }, async (request) => readSchedule({ db: app.db, organizationId: organizationOf(request), now: app.now() }));

  app.put('/api/monitoring/schedule', { config: user, schema: { body: UpdateScheduleBodySchema, response: { 200: UpdateScheduleResponseSchema } } }, async (request) => {
    const body = request.body;
    await saveCadence(app.db, organizationOf(request), body.cadence, app.now());
    return { cadence: body.cadence };
  });

  app.get('/api/monitoring/ops', { config: { access: 'admin' }, schema: { response: { 200: OpsHealthSchema } } }, async () =>
    readOpsHealth({ db: app.db, databaseHandle: app.database, metricsEnabled: Boolean(app.env.METRICS_TOKEN), startedAt: app.startedAt, now: app.now(), log: app.log }),
  );
}
