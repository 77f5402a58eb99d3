import { randomBytes } from 'node:crypto';
import { CONSENT_ERROR_MESSAGES, OAUTH_MESSAGES, type ConsentDecision, type ConsentDecisionInput, type ConsentRequest } from '@/contracts/oauth.ts';
import type { ApiTokenScope } from '@/contracts/api-tokens.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext, OrganizationRole } from '../../sessions/auth-context.ts';
import { effectiveOrganizationRole, roleUnlessBeingDeleted } from '../../sessions/organization-owner.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { claimAuthorizationRequest, findAuthorizationRequest, insertCode, insertGrant, readConnectableOrganizations } from './grant-store.ts';
import { OAUTH_LIFETIMES_MS, type OAuthSite } from './oauth-settings.ts';
import { redirectHostOf, redirectWith } from './redirect-uri.ts';

/**
 * The consent page's two calls (ADR 294): what the assistant asks for, and the person's answer.
 * Allowing needs a second factor verified within the step-up window, as creating an API token does
 * (ADR 228): a grant is as lasting a key. The grant is for one organisation, chosen on the page, and
 * never carries more than the person's role there: a viewer's assistant may read only.
 */

export interface ConsentOptions {
  db: Database;
  auth: AuthContext;
  site: OAuthSite;
  now: Date;
}

async function organizationsOf(db: Database, auth: AuthContext): Promise<{ id: string; name: string; role: OrganizationRole }[]> {
  const rows = await readConnectableOrganizations(db, auth.user.id);
  return rows.flatMap((row) => {
    const role = roleUnlessBeingDeleted(effectiveOrganizationRole(row.membershipRole, row.id, auth.user.homeOrganizationId), row.deletionRequestedAt);
    return role ? [{ id: row.id, name: row.name, role }] : [];
  });
}

async function requireWaitingRequest(db: Database, requestId: string, now: Date) {
  const found = await findAuthorizationRequest(db, requestId, now);
  if (!found) throw new AppError('not_found', CONSENT_ERROR_MESSAGES.expired);
  return found;
}

export async function readConsentRequest(options: ConsentOptions & { requestId: string }): Promise<ConsentRequest> {
  const { db, auth, now, requestId } = options;
  const { request, clientName } = await requireWaitingRequest(db, requestId, now);
  return {
    client: { name: clientName, redirectHost: redirectHostOf(request.redirectUri) },
    scopes: request.scopes as ApiTokenScope[],
    organizations: await organizationsOf(db, auth),
    currentOrganizationId: auth.user.organizationId,
    expiresAt: request.expiresAt.toISOString(),
  };
}

/** The scopes allowed: among those asked, read always, write only for a role that may write. */
function allowedScopes(asked: string[], chosen: ApiTokenScope[], role: OrganizationRole): ApiTokenScope[] {
  const granted = new Set(chosen.filter((scope) => asked.includes(scope)));
  if (!granted.has('read')) throw new AppError('bad_request', 'An assistant always needs Read: choose Read (and Write if you want it to change assessments).');
  if (granted.has('write') && role === 'viewer') throw new AppError('forbidden', OAUTH_MESSAGES.viewerCannotWrite);
  return [...granted].sort() as ApiTokenScope[];
}

export async function decideConsent(options: ConsentOptions & { requestId: string; input: ConsentDecisionInput; audit: Audit }): Promise<ConsentDecision> {
  const { db, auth, site, now, requestId, input, audit } = options;
  const { request: waiting, clientName } = await requireWaitingRequest(db, requestId, now);
  if (input.decision === 'deny') {
    const request = await claimAuthorizationRequest(db, requestId, now);
    if (!request) throw new AppError('not_found', CONSENT_ERROR_MESSAGES.expired);
    await audit({ action: 'oauth.consent_denied', details: { clientId: request.clientId, clientName } });
    return { redirectTo: redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'The person declined.', state: request.state, iss: site.issuer }) };
  }
  // Checked before the request is claimed, so a refusal leaves it waiting for a corrected answer.
  requireFreshVerification(auth, now);
  const organization = (await organizationsOf(db, auth)).find((candidate) => candidate.id === input.organizationId);
  if (!organization) throw new AppError('forbidden', OAUTH_MESSAGES.notAMember);
  const scopes = allowedScopes(waiting.scopes, input.scopes, organization.role);
  const request = await claimAuthorizationRequest(db, requestId, now);
  if (!request) throw new AppError('not_found', CONSENT_ERROR_MESSAGES.expired);

  const grant = await insertGrant(db, { clientId: request.clientId, userId: auth.user.id, organizationId: organization.id, scopes, resource: request.resource, createdAt: now });
  const code = randomBytes(32).toString('base64url');
  await insertCode(db, {
    id: hashToken(code),
    grantId: grant.id,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    expiresAt: new Date(now.getTime() + OAUTH_LIFETIMES_MS.code),
    createdAt: now,
  });
  await audit({ action: 'oauth.grant_created', organizationId: organization.id, details: { grantId: grant.id, clientId: request.clientId, clientName, scopes, resource: request.resource } });
  return { redirectTo: redirectWith(request.redirectUri, { code, state: request.state, iss: site.issuer }) };
}
