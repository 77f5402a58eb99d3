import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '@/contracts/auth.ts';
import { auditRequest } from '../../lib/audit.ts';
import { changePassword } from './change-password.ts';
import { logIn } from './login.ts';
import { listOwnSessions, revokeOtherSessions, revokeOwnSession } from './own-sessions.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { register } from './register.ts';
import { deleteSession } from '../../sessions/session-store.ts';
import { requireAuth } from '../../sessions/auth-context.ts';

/**
 * The account endpoints (spec section 7 plus security.md decision 3): who am I, log in and out,
 * sign up and access requests, password reset and change, and your own sessions.
 */
export async function sessionRoutes(app: FastifyInstance) {
  app.get('/api/auth/user', { config: { access: 'session' } }, async (request): Promise<CurrentUser> => {
    const { user } = requireAuth(request);
    return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    if (request.auth) {
      await deleteSession(app.db, request.auth.session.id);
      await auditRequest(request, { action: 'session.logout', targetUserId: request.auth.user.id });
    }
    app.clearSessionCookie(reply);
    void reply.header('Clear-Site-Data', '"cookies"');
    return { message: 'Logged out' };
  });

  // Browser navigation to /api/login (spec section 7) lands on the sign-in page.
  app.get('/api/login', { config: { access: 'public' } }, async (_request, reply) => reply.redirect('/auth', 302));

  app.post('/api/auth/login', { config: { access: 'public' } }, logIn);
  app.post('/api/auth/register', { config: { access: 'public' } }, register);
  app.post('/api/request-password-reset', { config: { access: 'public' } }, requestPasswordReset);
  app.post('/api/reset-password', { config: { access: 'public' } }, resetPassword);
  app.post('/api/auth/change-password', { config: { access: 'user' } }, changePassword);

  app.get('/api/auth/sessions', { config: { access: 'user' } }, listOwnSessions);
  app.delete('/api/auth/sessions/:id', { config: { access: 'user' } }, revokeOwnSession);
  app.post('/api/auth/sessions/revoke-others', { config: { access: 'user' } }, revokeOtherSessions);
}
