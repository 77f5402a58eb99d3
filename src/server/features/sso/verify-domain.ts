import type { SsoDomain } from '@/contracts/sso.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { findDomainById, findVerifiedElsewhere, markDomainVerified, type DomainRow } from './connection-store.ts';
import { toSsoDomain, txtRecordOf } from './connection-view.ts';
import { domainTakenMessage } from './save-connection.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** node:dns/promises resolveTxt's shape: the app's resolver (a fake in tests). */
export type TxtResolver = (hostname: string) => Promise<string[][]>;

/** The TXT records at a name, each joined from its strings; none when the name does not resolve. */
async function readTxt(resolveTxt: TxtResolver, name: string): Promise<string[]> {
  try {
    return (await resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    // NXDOMAIN, no TXT, or a resolver failure: to the owner all read "not published yet".
    return [];
  }
}

/** Marks the domain verified; the partial unique index keeps a domain with one organisation (409). */
async function markVerified(db: Database, domain: DomainRow, by: 'dns' | 'admin', now: Date, audit: Audit, reason?: string): Promise<SsoDomain> {
  let verified: DomainRow | null;
  try {
    verified = await markDomainVerified(db, domain.id, by, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [holder] = await findVerifiedElsewhere(db, [domain.domain], domain.connectionId);
    throw new AppError('conflict', domainTakenMessage(domain.domain, holder?.organizationId === domain.organizationId));
  }
  // Verified meanwhile by another request: the row as it is now.
  if (!verified) return toSsoDomain((await findDomainById(db, domain.id)) ?? domain);
  await audit({ action: 'sso.domain_verified', organizationId: domain.organizationId, details: { domainId: domain.id, domain: domain.domain, connectionId: domain.connectionId, verifiedBy: by, ...(reason ? { reason } : {}) } });
  return toSsoDomain(verified);
}

/**
 * POST …/domains/:domainId/verify (owner): the domain is proved by the TXT record
 * `_cifer-verification.<domain>` = `cifer-verification=<token>` (ADR 225).
 */
export async function verifyDomainByDns(options: { db: Database; resolveTxt: TxtResolver; domain: DomainRow; now: Date; audit: Audit }): Promise<SsoDomain> {
  const { db, resolveTxt, domain, now, audit } = options;
  if (domain.verifiedAt) return toSsoDomain(domain);
  const record = txtRecordOf(domain);
  const published = await readTxt(resolveTxt, record.name);
  if (!published.includes(record.value)) {
    const found = published.length === 0 ? `No TXT record was found at ${record.name}.` : `The TXT record at ${record.name} does not hold the expected value.`;
    throw new AppError('bad_request', `${found} Publish a TXT record named ${record.name} with the value ${record.value} at your DNS provider, wait a few minutes for it to spread, then verify again.`);
  }
  return markVerified(db, domain, 'dns', now, audit);
}

/** POST /api/admin/sso-domains/:domainId/approve (super_admin): CIFER support vouches for the domain instead of DNS. */
export async function approveDomain(options: { db: Database; domainId: string; reason: string; auth: AuthContext; now: Date; audit: Audit }): Promise<SsoDomain> {
  const { db, domainId, reason, auth, now, audit } = options;
  const domain = await findDomainById(db, domainId);
  if (!domain) throw new AppError('not_found', 'Domain not found');
  if (domain.verifiedAt) return toSsoDomain(domain);
  // It lets everyone with an address there into the organisation: a reason and a fresh code, as for lifting "SSO required" (ADR 290).
  requireFreshVerification(auth, now);
  return markVerified(db, domain, 'admin', now, audit, reason);
}
