import { z } from 'zod';
import { text } from './text.ts';

/**
 * Privacy rights (ADRs 232, 233): a copy of one's personal data, deleting one's account, and an
 * owner deleting an organisation after a grace period in which it can be restored.
 */

/** Days between an owner's request and the purge of an organisation (ADR 233); the policy pages say the same. */
export const ORGANIZATION_DELETION_GRACE_DAYS = 30;
export const ORGANIZATION_DELETION_GRACE_MS = ORGANIZATION_DELETION_GRACE_DAYS * 24 * 3_600_000;

/** Security-log entries are kept this long, then deleted; those about an erased person are pseudonymised at once (ADR 233). */
export const AUDIT_RETENTION_MONTHS = 12;

/** The name of the downloaded archive, e.g. cifer-personal-data-2026-11-26.zip. */
export function personalDataArchiveName(at: Date): string {
  return `cifer-personal-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** POST /api/account/delete: the account's e-mail typed again, so a slip of the mouse deletes nothing. */
export const DeleteAccountInputSchema = z.strictObject({
  confirmEmail: text().trim().min(1, 'Type your e-mail address to confirm').max(320),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** POST /api/organizations/:id/deletion: the organisation's name typed again. */
export const DeleteOrganizationInputSchema = z.strictObject({
  confirmName: text().trim().min(1, "Type the organisation's name to confirm").max(200),
});
export type DeleteOrganizationInput = z.infer<typeof DeleteOrganizationInputSchema>;

/** GET/POST/DELETE /api/organizations/:id/deletion: null dates when no deletion is pending. */
export const OrganizationDeletionSchema = z.object({
  organizationId: z.uuid(),
  requestedAt: z.iso.datetime().nullable(),
  scheduledFor: z.iso.datetime().nullable(),
});
export type OrganizationDeletion = z.infer<typeof OrganizationDeletionSchema>;
