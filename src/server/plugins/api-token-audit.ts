import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditRequest } from '../lib/audit.ts';
import { routePattern } from '../lib/route-pattern.ts';
import { isSafeMethod } from '../lib/safe-methods.ts';

/**
 * Every write made with an API token leaves an `api_token.call` row in its organisation's audit log
 * (ADR 228): method, route pattern (never the raw URL), status, and the token's id and name (added
 * by auditRequest). Refused writes are recorded too, as they show what an integration tried; the
 * 429s past its rate limit are not, so a runaway script cannot flood the log. Only /api: an MCP
 * message (/mcp) is not itself a change, and the public API call it makes is recorded here.
 */
async function apiTokenAuditPlugin(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.auth?.apiToken || isSafeMethod(request.method) || !request.url.startsWith('/api/') || reply.statusCode === 429) return;
    const entry = { action: 'api_token.call', details: { method: request.method, route: routePattern(request), status: reply.statusCode } };
    // Queued: the answer has gone, and the row must not hold up the next request on this connection.
    app.backgroundTasks.run('audit-api-token-call', () => auditRequest(request, entry));
  });
}

export const apiTokenAudit = fp(apiTokenAuditPlugin, { name: 'api-token-audit' });
