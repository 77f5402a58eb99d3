import type { InvitationPreview } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { toOrganizationRole } from '../../sessions/auth-context.ts';
import { requireOpenInvitation } from './invitations.ts';

/** POST /api/invitations/preview (public): who invited this address where, so the page can offer sign-up or log-in. */
export async function previewInvitation(options: { db: Database; token: string; now: Date }): Promise<InvitationPreview> {
  const found = await requireOpenInvitation(options.db, options.token, options.now);
  return {
    organizationName: found.organizationName,
    email: found.invitation.email,
    role: toOrganizationRole(found.invitation.role) ?? 'viewer',
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}
