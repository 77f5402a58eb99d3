import { SSO_TXT_RECORD_PREFIX, SSO_TXT_VALUE_PREFIX, SsoDefaultRoleSchema, type PendingSsoDomain, type SsoConnection, type SsoDomain } from '@/contracts/sso.ts';
import type { ConnectionWithDomains, DomainRow, PendingDomainRow } from './connection-store.ts';

/** Rows as the owner's API shows them: never the client secret. */

/** Where and what to publish to prove a domain. */
export function txtRecordOf(domain: Pick<DomainRow, 'domain' | 'verificationToken'>): { name: string; value: string } {
  return { name: `${SSO_TXT_RECORD_PREFIX}.${domain.domain}`, value: `${SSO_TXT_VALUE_PREFIX}${domain.verificationToken}` };
}

export function toSsoDomain(row: DomainRow): SsoDomain {
  const record = txtRecordOf(row);
  return {
    id: row.id,
    domain: row.domain,
    verified: row.verifiedAt !== null,
    verifiedBy: row.verifiedBy === 'dns' || row.verifiedBy === 'admin' ? row.verifiedBy : null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    txtRecordName: record.name,
    txtRecordValue: record.value,
  };
}

/** The role a connection gives; a stored value outside the allowed ones falls to the least (never owner). */
export function defaultRoleOf(value: string): SsoConnection['defaultRole'] {
  const parsed = SsoDefaultRoleSchema.safeParse(value);
  return parsed.success ? parsed.data : 'viewer';
}

export function toSsoConnection(connection: ConnectionWithDomains): SsoConnection {
  return {
    id: connection.id,
    organizationId: connection.organizationId,
    name: connection.name,
    issuer: connection.issuer,
    clientId: connection.clientId,
    defaultRole: defaultRoleOf(connection.defaultRole),
    required: connection.required,
    domains: connection.domains.map(toSsoDomain),
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  };
}

export function toPendingSsoDomain(row: PendingDomainRow): PendingSsoDomain {
  return {
    ...toSsoDomain(row.domain),
    organizationId: row.domain.organizationId,
    organizationName: row.organizationName,
    connectionName: row.connectionName,
    createdAt: row.domain.createdAt.toISOString(),
  };
}
