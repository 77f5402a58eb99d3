import { ORGANIZATION_DELETION_GRACE_MS, type DeleteOrganizationInput, type OrganizationDeletion } from '@/contracts/privacy.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { writeOrganizationDeletion } from '../../sessions/erasure.ts';
import { requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { hasRunningCardSubscription, readOrganizationDeletion } from './erasure-repository.ts';

interface DeletionOptions {
  db: Database;
  auth: AuthContext;
  organizationId: string;
  now: Date;
  audit: Audit;
}

function toDeletion(organizationId: string, row: { requestedAt: Date | null; scheduledFor: Date | null }): OrganizationDeletion {
  return { organizationId, requestedAt: row.requestedAt?.toISOString() ?? null, scheduledFor: row.scheduledFor?.toISOString() ?? null };
}

/** The organisation's pending deletion, for its owners (everyone else: 404, as for any owner setting). */
async function ownedDeletionState(db: Database, auth: AuthContext, organizationId: string) {
  await requireOwnerOrNotFound(db, auth, organizationId);
  const row = await readOrganizationDeletion(db, organizationId);
  if (!row) throw new AppError('not_found', 'Organisation not found');
  return row;
}

export async function readDeletion(options: Omit<DeletionOptions, 'audit' | 'now'>): Promise<OrganizationDeletion> {
  return toDeletion(options.organizationId, await ownedDeletionState(options.db, options.auth, options.organizationId));
}

/**
 * An owner asks to delete the organisation (ADR 233): a fresh second factor and its name typed
 * again. Members other than owners lose it at once; the purge job erases it when the grace period
 * ends unless an owner restores it. A running card subscription is cancelled first (Billing), so
 * nobody is charged for an organisation that no longer exists.
 */
export async function requestDeletion(options: DeletionOptions & { input: DeleteOrganizationInput }): Promise<OrganizationDeletion> {
  const { db, auth, organizationId, now } = options;
  const state = await ownedDeletionState(db, auth, organizationId);
  requireFreshVerification(auth, now);
  if (options.input.confirmName.toLowerCase() !== state.name.trim().toLowerCase()) {
    throw new AppError('bad_request', 'The name does not match the organisation.', { issues: [{ path: 'confirmName', message: "Type the organisation's name exactly" }] });
  }
  if (state.scheduledFor) return toDeletion(organizationId, state);
  if (await hasRunningCardSubscription(db, organizationId)) {
    throw new AppError('conflict', 'This organisation has a running card subscription. Cancel it in Billing first, so it is not charged again.');
  }
  const deletion = { requestedAt: now, scheduledFor: new Date(now.getTime() + ORGANIZATION_DELETION_GRACE_MS) };
  await writeOrganizationDeletion(db, organizationId, deletion);
  await options.audit({ action: 'organization.deletion_requested', organizationId, details: { scheduledFor: deletion.scheduledFor.toISOString() } });
  return toDeletion(organizationId, deletion);
}

/** An owner restores the organisation within the grace period: everything is as before, members included. */
export async function restoreOrganization(options: DeletionOptions): Promise<OrganizationDeletion> {
  const { db, auth, organizationId } = options;
  const state = await ownedDeletionState(db, auth, organizationId);
  if (!state.scheduledFor) return toDeletion(organizationId, state);
  await writeOrganizationDeletion(db, organizationId, null);
  await options.audit({ action: 'organization.deletion_cancelled', organizationId });
  return toDeletion(organizationId, { requestedAt: null, scheduledFor: null });
}
