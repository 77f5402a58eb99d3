import type { FastifyInstance } from 'fastify';
import { decideAccessRequest, listAccessRequests } from './access-requests.ts';
import { listOutbox } from './outbox.ts';

/** Administration: access requests and the e-mail outbox (admins with an MFA-complete session). */
export async function adminRoutes(app: FastifyInstance) {
  app.get('/api/admin/access-requests', { config: { access: 'admin' } }, listAccessRequests);
  app.post('/api/admin/access-requests/:id/approve', { config: { access: 'admin' } }, (request) => decideAccessRequest(request, 'approved'));
  app.post('/api/admin/access-requests/:id/reject', { config: { access: 'admin' } }, (request) => decideAccessRequest(request, 'rejected'));
  app.get('/api/admin/outbox', { config: { access: 'admin' } }, listOutbox);
}
