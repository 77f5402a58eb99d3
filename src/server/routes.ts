import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './features/auth/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { mfaRoutes } from './features/mfa/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { helpRoutes } from './features/help/routes.ts';
import { clientErrorRoutes } from './features/client-errors/routes.ts';
import { consultationRoutes } from './features/consultations/routes.ts';
import { inboxRoutes } from './features/inbox/routes.ts';
import { assessmentRoutes } from './features/assessments/routes.ts';
import { assessmentV1Routes } from './features/assessments/v1-routes.ts';
import { assessmentImportRoutes } from './features/assessments/import-routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { monitoringRoutes } from './features/monitoring/routes.ts';
import { monitoringV1Routes } from './features/monitoring/v1-routes.ts';
import { organizationRoutes } from './features/organizations/routes.ts';
import { organizationV1Routes } from './features/organizations/v1-routes.ts';
import { memberV1Routes } from './features/organizations/v1-member-routes.ts';
import { riskProfileRoutes } from './features/risk-profile/routes.ts';
import { ssoRoutes } from './features/sso/routes.ts';
import { scimRoutes } from './features/sso/scim-routes.ts';
import { passkeyRoutes } from './features/passkeys/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { mcpRoutes } from './features/mcp/routes.ts';
import { oauthRoutes } from './features/oauth/routes.ts';
import { apiTokenRoutes } from './features/api-tokens/routes.ts';
import { backupRoutes } from './features/backup/routes.ts';
import { privacyRoutes } from './features/privacy/routes.ts';
import { createPaymentRule } from './features/billing/entitlement.ts';
import type { Env } from './env.ts';
import type { PaymentRule } from './sessions/auth-context.ts';

/** Billing's rule of who must pay, for sessions and log-in (shared code may not import features). */
export function paymentRuleFor(env: Env): PaymentRule {
  return createPaymentRule(env.BILLING === 'required');
}

/**
 * The one list of feature route plugins. Each feature owns its folder under features/ and
 * declares `config.access` on every /api route (see plugins/access.ts). The public API's routes
 * (/api/v1, ADR 228) live in each feature's v1-routes.ts; the reports' are registered by reportRoutes.
 */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(adminRoutes);
  await app.register(mfaRoutes);
  await app.register(devRoutes);
  await app.register(helpRoutes);
  await app.register(clientErrorRoutes);
  await app.register(consultationRoutes);
  await app.register(inboxRoutes);
  await app.register(assessmentRoutes);
  await app.register(assessmentV1Routes);
  await app.register(assessmentImportRoutes);
  await app.register(billingRoutes);
  await app.register(reportRoutes);
  await app.register(monitoringRoutes);
  await app.register(monitoringV1Routes);
  await app.register(organizationRoutes);
  await app.register(organizationV1Routes);
  await app.register(memberV1Routes);
  await app.register(riskProfileRoutes);
  await app.register(ssoRoutes);
  await app.register(scimRoutes);
  await app.register(passkeyRoutes);
  await app.register(webhookRoutes);
  await app.register(mcpRoutes);
  await app.register(oauthRoutes);
  await app.register(apiTokenRoutes);
  await app.register(backupRoutes);
  await app.register(privacyRoutes);
}
