import { randomUUID } from 'node:crypto';
import type { SsoConnection, SsoConnectionInput, SsoConnectionUpdate } from '@/contracts/sso.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import { encryptSecret } from '../../lib/secret-crypto.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import type { HostResolver } from '../../lib/outbound-target.ts';
import { assertProviderReachable } from './check-provider.ts';
import { issuerTargetPolicy } from './issuer-policy.ts';
import type { ProviderContext } from './provider-client.ts';
import { findConnectionOf, findVerifiedElsewhere, insertConnection, updateConnection, type ConnectionChanges, type ConnectionWithDomains } from './connection-store.ts';
import { toSsoConnection } from './connection-view.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export interface SaveOptions {
  db: Database;
  env: Pick<Env, 'ENCRYPTION_KEY' | 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'>;
  /** DNS for the issuer check; tests pass a fake. */
  resolve?: HostResolver;
  organizationId: string;
  /** The owner acting: a new client secret asks for a fresh code (ADR 290). */
  auth: AuthContext;
  userId: string;
  now: Date;
  audit: Audit;
}

function providerContext(options: SaveOptions): ProviderContext {
  return { targets: issuerTargetPolicy(options.env), now: options.now, ...(options.resolve ? { resolve: options.resolve } : {}) };
}

/** The associated data that binds a sealed secret to its connection row (a copy on another row does not open). */
export function secretAssociatedData(connectionId: string): string {
  return `sso-connection:${connectionId}`;
}

export function domainTakenMessage(domain: string, sameOrganization: boolean): string {
  return sameOrganization
    ? `${domain} is already verified for another SSO connection of this organisation. Remove it there first.`
    : `${domain} is already verified by another organisation, so it cannot be added here. If your organisation owns it, contact CIFER support.`;
}

/** A domain verified by another connection may not be added (the unique index would refuse it at verification anyway). */
async function refuseDomainsVerifiedElsewhere(db: Database, organizationId: string, domains: string[], connectionId: string | null): Promise<void> {
  const [taken] = await findVerifiedElsewhere(db, domains, connectionId);
  if (taken) throw new AppError('conflict', domainTakenMessage(taken.domain, taken.organizationId === organizationId));
}

function uniqueDomains(domains: string[]): string[] {
  return [...new Set(domains)];
}

/** The connection as stored now (after a write). */
async function reload(db: Database, organizationId: string, connectionId: string): Promise<SsoConnection> {
  const saved = await findConnectionOf(db, organizationId, connectionId);
  if (!saved) throw new AppError('not_found', 'SSO connection not found');
  return toSsoConnection(saved);
}

/** POST /api/organizations/:id/sso (the caller owns the organisation). */
export async function createConnection(options: SaveOptions & { input: SsoConnectionInput }): Promise<SsoConnection> {
  const { db, env, organizationId, userId, now, audit, input } = options;
  const domains = uniqueDomains(input.domains);
  await assertProviderReachable(input, providerContext(options));
  await refuseDomainsVerifiedElsewhere(db, organizationId, domains, null);
  const id = randomUUID();
  await insertConnection(
    db,
    {
      id,
      organizationId,
      name: input.name,
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretEnc: encryptSecret(env.ENCRYPTION_KEY, input.clientSecret, secretAssociatedData(id)),
      defaultRole: input.defaultRole,
      required: input.required,
      createdById: userId,
    },
    domains,
    now,
  );
  await audit({ action: 'sso.connection_created', organizationId, details: { connectionId: id, name: input.name, issuer: input.issuer, domains, defaultRole: input.defaultRole, required: input.required } });
  return reload(db, organizationId, id);
}

function changesFrom(connection: ConnectionWithDomains, input: SsoConnectionUpdate, encryptionKey: string): ConnectionChanges {
  const changes: ConnectionChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.issuer !== undefined) changes.issuer = input.issuer;
  if (input.clientId !== undefined) changes.clientId = input.clientId;
  if (input.clientSecret !== undefined) changes.clientSecretEnc = encryptSecret(encryptionKey, input.clientSecret, secretAssociatedData(connection.id));
  if (input.defaultRole !== undefined) changes.defaultRole = input.defaultRole;
  if (input.required !== undefined) changes.required = input.required;
  return changes;
}

/** PATCH /api/organizations/:id/sso/:connectionId: any subset; a new domain list replaces the old one. */
export async function changeConnection(options: SaveOptions & { connection: ConnectionWithDomains; input: SsoConnectionUpdate }): Promise<SsoConnection> {
  const { db, env, organizationId, now, audit, connection, input } = options;
  // Whoever holds the client secret completes sign-ins as the organisation's provider: a fresh code first (ADR 290).
  if (input.clientSecret !== undefined) requireFreshVerification(options.auth, now);
  const issuer = input.issuer ?? connection.issuer;
  if (issuer !== connection.issuer || (input.clientId !== undefined && input.clientId !== connection.clientId)) {
    await assertProviderReachable({ issuer, clientId: input.clientId ?? connection.clientId }, providerContext(options));
  }
  const domains = input.domains ? uniqueDomains(input.domains) : undefined;
  if (domains) await refuseDomainsVerifiedElsewhere(db, organizationId, domains, connection.id);
  try {
    await updateConnection(db, connection, changesFrom(connection, input, env.ENCRYPTION_KEY), domains, now);
  } catch (error) {
    // Two owners racing for one domain: the index decides.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'A domain in this list changed hands meanwhile. Reload and try again.');
    throw error;
  }
  // The secret is named as changed, never shown.
  const changed = Object.keys(input).filter((key) => input[key as keyof SsoConnectionUpdate] !== undefined);
  await audit({ action: 'sso.connection_updated', organizationId, details: { connectionId: connection.id, changed, ...(domains ? { domains } : {}) } });
  return reload(db, organizationId, connection.id);
}
