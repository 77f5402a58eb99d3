import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';

/**
 * Who may change the organisation's logo (ADR 145): an owner of the current organisation, or a
 * platform administrator who is not a viewer of it. Members and viewers are refused (403).
 */
export function canManageLogo(auth: AuthContext): boolean {
  if (auth.user.organizationRole === 'owner') return true;
  return auth.user.organizationRole !== 'viewer' && (auth.user.role === 'admin' || auth.user.role === 'super_admin');
}

export function requireLogoManager(auth: AuthContext): void {
  if (!canManageLogo(auth)) throw new AppError('forbidden', 'Only an owner of this organisation can change its logo.');
}
