import { AppError } from '../errors.ts';

/**
 * Who is making a request: what the session plugin attaches to `request.auth` when the request
 * carries a valid session cookie. Shared server infrastructure: plugins and features read it, the
 * session store builds it.
 */
export type Role = 'user' | 'admin' | 'super_admin';

/** What the session plugin attaches to a request that carries a valid session cookie. */
export interface AuthContext {
  user: {
    id: string;
    organizationId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: Role;
  };
  session: {
    id: string;
    createdAt: Date;
    mfaVerifiedAt: Date | null;
  };
  totpEnabled: boolean;
  requiresPayment: boolean;
}

export function isAdminRole(role: string): role is 'admin' | 'super_admin' {
  return role === 'admin' || role === 'super_admin';
}

export function toRole(value: string): Role {
  return isAdminRole(value) ? value : 'user';
}

/**
 * The signed-in caller of a route whose `config.access` is not 'public': the access plugin has
 * already refused requests without a session, so this only narrows the type (and fails closed).
 */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth;
}
