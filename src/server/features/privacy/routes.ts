import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { OrganizationIdParamsSchema } from '@/contracts/organizations.ts';
import { DeleteAccountInputSchema, DeleteOrganizationInputSchema, OrganizationDeletionSchema, personalDataArchiveName } from '@/contracts/privacy.ts';
import { auditFor } from '../../lib/audit.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { deleteAccount } from './delete-account.ts';
import { exportPersonalData } from './export-personal-data.ts';
import { readDeletion, requestDeletion, restoreOrganization } from './organization-deletion.ts';
import { runPrivacySweep } from './purge-organizations.ts';

/** A person rarely needs more than a few copies an hour; each reads all their rows. */
export const EXPORTS_PER_HOUR = 10;
export const PRIVACY_SWEEP_JOB = 'privacy.sweep';
/** Purges are due by the day; an hourly pass erases an organisation within an hour of its grace period's end. */
export const PRIVACY_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Privacy rights (ADRs 232, 233): the copy of one's data, deleting one's account, an owner's deletion
 * of an organisation with its grace period and restore, and the sweep that purges. These rights do
 * not depend on a paid subscription (`payment: 'any-organization'`), and no route takes an API token.
 */
export async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user', payment: 'any-organization' } as const;
  const deletionOptions = (request: FastifyRequest, organizationId: string) => ({ db: app.db, auth: requireAuth(request), organizationId, now: app.now(), audit: auditFor(request) });

  app.jobs.register(PRIVACY_SWEEP_JOB, async (_payload, { now }) => {
    const { purged, auditDeleted } = await runPrivacySweep(app.db, now);
    if (purged + auditDeleted > 0) app.log.info({ purged, auditDeleted }, 'privacy sweep');
  });
  app.jobs.every(PRIVACY_SWEEP_JOB, PRIVACY_SWEEP_INTERVAL_MS);

  // A file, not JSON: no response schema.
  app.get('/api/account/export', { config: user }, async (request, reply) => {
    const auth = requireAuth(request);
    await enforceRateLimit(app, `privacy:export:${auth.user.id}`, EXPORTS_PER_HOUR, 60 * 60_000, 'Too many downloads of your data. Please wait a while.');
    const now = app.now();
    const archive = await exportPersonalData({ db: app.db, userId: auth.user.id, now, audit: auditFor(request) });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${personalDataArchiveName(now)}"`)
      .send(Buffer.from(archive));
  });

  app.post('/api/account/delete', { config: user, schema: { body: DeleteAccountInputSchema, response: { 200: MessageResponseSchema } } }, async (request, reply) => {
    const answer = await deleteAccount({ db: app.db, auth: requireAuth(request), input: request.body, now: app.now() });
    app.clearSessionCookie(reply);
    return answer;
  });

  const params = OrganizationIdParamsSchema;
  const deletion = { 200: OrganizationDeletionSchema };
  app.get('/api/organizations/:id/deletion', { config: user, schema: { params, response: deletion } }, async (request) => readDeletion(deletionOptions(request, request.params.id)));

  app.post('/api/organizations/:id/deletion', { config: user, schema: { params, body: DeleteOrganizationInputSchema, response: deletion } }, async (request) =>
    requestDeletion({ ...deletionOptions(request, request.params.id), input: request.body }),
  );

  app.delete('/api/organizations/:id/deletion', { config: user, schema: { params, response: deletion } }, async (request) => restoreOrganization(deletionOptions(request, request.params.id)));
}
