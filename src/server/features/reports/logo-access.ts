import { AppError } from '../../errors.ts';
import { can } from '@/contracts/permissions.ts';
import { actorOf, type AuthContext } from '../../sessions/auth-context.ts';

/**
 * Who may change the organisation's logo (ADR 145): an owner of the current organisation, or a
 * platform administrator who is a member of it (`organization.logo` in contracts/permissions.ts).
 */
export function canManageLogo(auth: AuthContext): boolean {
  return can(actorOf(auth), 'organization.logo');
}

export function requireLogoManager(auth: AuthContext): void {
  if (!canManageLogo(auth)) throw new AppError('forbidden', 'Only an owner of this organisation can change its logo.');
}
