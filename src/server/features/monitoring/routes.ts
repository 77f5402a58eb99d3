import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AcceptActionBodySchema, UpdateActionBodySchema, UpdateScheduleBodySchema, type ReassessmentSchedule } from '@/contracts/monitoring.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth, requireOrganizationRole } from '../../sessions/auth-context.ts';
import { acceptRecommendation } from './accept-recommendation.ts';
import { buildTrend } from './build-trend.ts';
import { changeAction } from './change-action.ts';
import { listCompletedAssessments } from './completed-assessments.ts';
import { readOpsHealth } from './ops-health.ts';
import { readActionPlan } from './read-action-plan.ts';
import { readSchedule } from './read-schedule.ts';
import { rescoreWithDoneActions } from './rescore.ts';
import { saveCadence } from './schedule.ts';
import { REMINDER_INTERVAL_MS, REMINDER_JOB, sendDueReminders } from './send-reminders.ts';

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** Monitoring (issue #16): risk over time, the action plan, the reassessment schedule, reminders and ops health. */
export async function monitoringRoutes(app: FastifyInstance) {
  const user = { access: 'user' } as const;
  // A viewer of the current organisation reads only (ADR 140): the plan and schedule are changed by members.
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/api/monitoring/') && request.method !== 'GET' && request.method !== 'HEAD') requireOrganizationRole(requireAuth(request), 'member');
  });

  app.jobs.register(REMINDER_JOB, async (_payload, { now }) => {
    const sent = await sendDueReminders({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, now });
    if (sent > 0) app.log.info({ reminders: sent }, 'monitoring reminders sent');
  });
  app.jobs.every(REMINDER_JOB, REMINDER_INTERVAL_MS);

  /** Every monitoring query is scoped by the caller's current organisation (issue #15). */
  const organizationOf = (request: FastifyRequest) => requireAuth(request).user.organizationId;

  app.get('/api/monitoring/trend', { config: user }, async (request) => buildTrend(await listCompletedAssessments(app.db, organizationOf(request))));

  app.get('/api/monitoring/plan', { config: user }, async (request) => readActionPlan({ db: app.db, organizationId: organizationOf(request), now: app.now() }));

  app.post('/api/monitoring/actions', { config: user }, async (request, reply) => {
    const body = parseInput(AcceptActionBodySchema, request.body);
    const caller = requireAuth(request).user;
    const id = await acceptRecommendation({ db: app.db, organizationId: caller.organizationId, userId: caller.id, body, now: app.now() });
    return reply.status(201).send({ id });
  });

  app.patch('/api/monitoring/actions/:id', { config: user }, async (request) => {
    const body = parseInput(UpdateActionBodySchema, request.body);
    await changeAction({ db: app.db, organizationId: organizationOf(request), actionId: idParam(request), body, now: app.now() });
    return { id: idParam(request) };
  });

  app.post('/api/monitoring/rescore', { config: user }, async (request, reply) => {
    const caller = requireAuth(request).user;
    const created = await rescoreWithDoneActions({ db: app.db, organizationId: caller.organizationId, authorId: caller.id, now: app.now() });
    request.log.info({ assessmentId: created.assessmentId }, 'quick re-score completed');
    return reply.status(201).send(created);
  });

  app.get('/api/monitoring/schedule', { config: user }, async (request): Promise<ReassessmentSchedule> => readSchedule({ db: app.db, organizationId: organizationOf(request), now: app.now() }));

  app.put('/api/monitoring/schedule', { config: user }, async (request) => {
    const body = parseInput(UpdateScheduleBodySchema, request.body);
    await saveCadence(app.db, organizationOf(request), body.cadence, app.now());
    return { cadence: body.cadence };
  });

  app.get('/api/monitoring/ops', { config: { access: 'admin' } }, async () =>
    readOpsHealth({ db: app.db, databaseHandle: app.database, metricsEnabled: Boolean(app.env.METRICS_TOKEN), startedAt: app.startedAt, now: app.now(), log: app.log }),
  );
}
