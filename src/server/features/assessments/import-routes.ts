import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AssessmentSchema } from '@/contracts/assessments.ts';
import { ImportFileBodySchema, PartnerImportResponseSchema } from '@/contracts/import.ts';
import { rejectInvalidInput } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth, requirePermission } from '../../sessions/auth-context.ts';
import { importAssessment, importPartnerAssessments } from './import-assessments.ts';
import { readAssessment } from './require-assessment.ts';

/** A file of 1 MB travels as about 1.4 MB of base64 in its JSON body. */
const IMPORT_BODY_LIMIT_BYTES = 1_536 * 1024;
/** Each import may write hundreds of drafts: a person imports a few files an hour, a script a few dozen. */
export const IMPORT_LIMIT_PER_USER = 60;
export const IMPORT_WINDOW_MS = 60 * 60_000;

/**
 * Importing assessments from files (ADR 231; the template is src/contracts/assessment-template.ts).
 * API tokens with the write scope may import too.
 */
export async function assessmentImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'user', api: 'write' } as const;
  const limit = async (userId: string) =>
    enforceRateLimit(app, `import:user:${userId}`, IMPORT_LIMIT_PER_USER, IMPORT_WINDOW_MS, 'Too many imports in the last hour. Please wait a while before importing more files.');

  // A viewer may not import into the current organisation: refused (403) before the file is read (400), as every write (ADR 064, 210).
  const oneSchema = { body: ImportFileBodySchema, response: { 201: AssessmentSchema } };
  app.post('/api/assessments/import', { config, bodyLimit: IMPORT_BODY_LIMIT_BYTES, schema: oneSchema, attachValidation: true }, async (request, reply) => {
    const auth = requirePermission(requireAuth(request), 'organization.write');
    rejectInvalidInput(request);
    await limit(auth.user.id);
    const id = await importAssessment({ db: app.db, auth, body: request.body, now: app.now() });
    request.log.info({ assessmentId: id, userId: auth.user.id }, 'assessment imported');
    return reply.status(201).send(await readAssessment(app.db, auth.user.organizationId, id));
  });

  // The organisations the rows name decide who may import, not the current one: their membership and their payment (ADR 231).
  const partnerSchema = { body: ImportFileBodySchema, response: { 201: PartnerImportResponseSchema } };
  app.post('/api/assessments/import/partner', { config, bodyLimit: IMPORT_BODY_LIMIT_BYTES, schema: partnerSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    await limit(auth.user.id);
    const result = await importPartnerAssessments({ db: app.db, auth, body: request.body, now: app.now(), paymentRule: app.paymentRule });
    request.log.info({ count: result.created.length, userId: auth.user.id }, 'partner assessments imported');
    return reply.status(201).send(result);
  });
}
