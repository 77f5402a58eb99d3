import { AUDIT_RETENTION_MONTHS } from '@/contracts/privacy.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { purgeOrganization } from '../../sessions/erasure.ts';
import { anonymiseSubscriptions, deleteAuditBefore, findOrganizationsDueForPurge, pseudonymFor, pseudonymiseOrganizationAudit } from './erasure-repository.ts';

/** The first instant whose security-log entries are still kept (the retention rule of ADR 233). */
export function auditRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - AUDIT_RETENTION_MONTHS);
  return cutoff;
}

/**
 * The privacy sweep, run by the job queue (ADR 150, ADR 233): erases every organisation whose grace
 * period has ended (its audit entries pseudonymised, its subscription record kept without who
 * bought it, then the organisation and everything it owns), then deletes security-log entries past
 * their retention. Each organisation is one transaction; a failure leaves it for the next pass.
 */
export async function runPrivacySweep(db: Database, now: Date): Promise<{ purged: number; auditDeleted: number }> {
  const due = await findOrganizationsDueForPurge(db, now);
  for (const organizationId of due) {
    await purgeOrganization(db, organizationId, now, async (tx) => {
      await pseudonymiseOrganizationAudit(tx, organizationId);
      await anonymiseSubscriptions(tx, organizationId);
    });
    await recordAudit(db, now, { action: 'organization.purged', details: { organization: pseudonymFor('organization', organizationId) } });
  }
  const auditDeleted = await deleteAuditBefore(db, auditRetentionCutoff(now));
  return { purged: due.length, auditDeleted };
}
