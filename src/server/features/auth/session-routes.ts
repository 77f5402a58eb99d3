import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '@/contracts/auth.ts';
import { deleteSession } from './session-store.ts';

/** The session calls every other auth feature builds on: who am I, and log out. */
export async function sessionRoutes(app: FastifyInstance) {
  app.get('/api/auth/user', { config: { access: 'session' } }, async (request): Promise<CurrentUser> => {
    const { user } = request.auth!;
    return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
  });

  app.post('/api/auth/logout', { config: { access: 'public' } }, async (request, reply) => {
    if (request.auth) await deleteSession(app.db, request.auth.session.id);
    app.clearSessionCookie(reply);
    void reply.header('Clear-Site-Data', '"cookies"');
    return { message: 'Logged out' };
  });
}
