import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AcceptActionBodySchema, REASSESSMENT_LEAD_DAYS, UpdateActionBodySchema, UpdateScheduleBodySchema, type ReassessmentSchedule } from '@/contracts/monitoring.ts';
import { parseInput } from '../../lib/validation.ts';
import { acceptRecommendation, changeAction, readActionPlan } from './action-plan.ts';
import { toIsoDate } from './calendar.ts';
import { buildTrend } from './build-trend.ts';
import { listCompletedAssessments } from './completed-assessments.ts';
import { currentOrganizationId, currentUserId } from './current-organization.ts';
import { readOpsHealth } from './ops-health.ts';
import { rescoreWithDoneActions } from './rescore.ts';
import { certificationAnniversaries, listRecentReminders, nextDueDate, readCadence, saveCadence, scheduleState } from './schedule.ts';
import { REMINDER_INTERVAL_MS, REMINDER_JOB, sendDueReminders } from './send-reminders.ts';
import { requireAuth, requireOrganizationRole } from '../../sessions/auth-context.ts';

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

  app.get('/api/monitoring/trend', { config: user }, async (request) => buildTrend(await listCompletedAssessments(app.db, currentOrganizationId(request))));

  app.get('/api/monitoring/plan', { config: user }, async (request) => readActionPlan(app.db, currentOrganizationId(request), app.now()));

  app.post('/api/monitoring/actions', { config: user }, async (request, reply) => {
    const body = parseInput(AcceptActionBodySchema, request.body);
    const id = await acceptRecommendation(app.db, { organizationId: currentOrganizationId(request), userId: currentUserId(request), body, now: app.now() });
    return reply.status(201).send({ id });
  });

  app.patch('/api/monitoring/actions/:id', { config: user }, async (request) => {
    const body = parseInput(UpdateActionBodySchema, request.body);
    await changeAction(app.db, { organizationId: currentOrganizationId(request), actionId: idParam(request), body, now: app.now() });
    return { id: idParam(request) };
  });

  app.post('/api/monitoring/rescore', { config: user }, async (request, reply) => {
    const created = await rescoreWithDoneActions(app.db, { organizationId: currentOrganizationId(request), authorId: currentUserId(request), now: app.now() });
    request.log.info({ assessmentId: created.assessmentId }, 'quick re-score completed');
    return reply.status(201).send(created);
  });

  app.get('/api/monitoring/schedule', { config: user }, async (request): Promise<ReassessmentSchedule> => {
    const organizationId = currentOrganizationId(request);
    const today = toIsoDate(app.now());
    const cadence = await readCadence(app.db, organizationId);
    const latest = (await listCompletedAssessments(app.db, organizationId)).at(-1) ?? null;
    const due = latest ? nextDueDate(latest.completedAt, cadence) : null;
    return {
      cadence,
      leadDays: REASSESSMENT_LEAD_DAYS,
      lastCompletedAt: latest ? latest.completedAt.toISOString() : null,
      nextDueDate: due,
      state: scheduleState(due, today),
      certifications: certificationAnniversaries(latest?.input ?? null, today),
      recentReminders: await listRecentReminders(app.db, organizationId),
    };
  });

  app.put('/api/monitoring/schedule', { config: user }, async (request) => {
    const body = parseInput(UpdateScheduleBodySchema, request.body);
    await saveCadence(app.db, currentOrganizationId(request), body.cadence, app.now());
    return { cadence: body.cadence };
  });

  app.get('/api/monitoring/ops', { config: { access: 'admin' } }, async () => readOpsHealth(app));
}
