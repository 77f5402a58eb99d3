import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CoverageParamsSchema, CoverageSchema, RiskProfileSchema, UpdateRiskProfileBodySchema } from '@/contracts/risk-profile.ts';
import { auditFor } from '../../lib/audit.ts';
import { requireAuth, requirePermission } from '../../sessions/auth-context.ts';
import { readCoverage } from './read-coverage.ts';
import { readRiskProfile } from './read-risk-profile.ts';
import { updateRiskProfile } from './update-risk-profile.ts';

/** The organisation's cyber-insurance policy and risk appetite, and the coverage figures of an assessment (ADR 218). */
export async function riskProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user' } as const;
  // A viewer reads only (ADR 140): the policy and appetite are changed by members and owners. Checked
  // before schema validation, like the access check (ADR 210), so a viewer learns nothing from 400s.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'PUT') requirePermission(requireAuth(request), 'organization.write');
  });

  /** Always the caller's current organisation: there is no organisation id to pass, so none to forge. */
  const organizationOf = (request: FastifyRequest) => requireAuth(request).user.organizationId;

  app.get('/api/risk-profile', { config: user, schema: { response: { 200: RiskProfileSchema } } }, async (request) =>
    readRiskProfile({ db: app.db, organizationId: organizationOf(request) }),
  );

  app.put(
    '/api/risk-profile',
    { config: user, schema: { body: UpdateRiskProfileBodySchema, response: { 200: RiskProfileSchema } } },
    async (request) => {
      const caller = requireAuth(request).user;
      return updateRiskProfile({
        db: app.db,
        organizationId: caller.organizationId,
        userId: caller.id,
        settings: request.body,
        now: app.now(),
        audit: auditFor(request),
      });
    },
  );

  app.get(
    '/api/risk-profile/assessments/:id/coverage',
    { config: user, schema: { params: CoverageParamsSchema, response: { 200: CoverageSchema } } },
    async (request) => readCoverage({ db: app.db, organizationId: organizationOf(request), assessmentId: request.params.id }),
  );
}
