import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './features/auth/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { mfaRoutes } from './features/mfa/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { helpRoutes } from './features/help/routes.ts';
import { consultationRoutes } from './features/consultations/routes.ts';
import { assessmentRoutes } from './features/assessments/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { monitoringRoutes } from './features/monitoring/routes.ts';
import { organizationRoutes } from './features/organizations/routes.ts';
import { riskProfileRoutes } from './features/risk-profile/routes.ts';
import { ssoRoutes } from './features/sso/routes.ts';
import { passkeyRoutes } from './features/passkeys/routes.ts';
import { createPaymentRule } from './features/billing/entitlement.ts';
import type { Env } from './env.ts';
import type { PaymentRule } from './sessions/auth-context.ts';

/** Billing's rule of who must pay, for sessions and log-in (shared code may not import features). */
export function paymentRuleFor(env: Env): PaymentRule {
  return createPaymentRule(env.BILLING === 'required');
}

/**
 * The one list of feature route plugins. Each feature owns its folder under features/ and
 * declares `config.access` on every /api route (see plugins/access.ts).
 */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(adminRoutes);
  await app.register(mfaRoutes);
  await app.register(devRoutes);
  await app.register(helpRoutes);
  await app.register(consultationRoutes);
  await app.register(assessmentRoutes);
  await app.register(billingRoutes);
  await app.register(reportRoutes);
  await app.register(monitoringRoutes);
  await app.register(organizationRoutes);
  await app.register(riskProfileRoutes);
  await app.register(ssoRoutes);
  await app.register(passkeyRoutes);
}
