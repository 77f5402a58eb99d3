import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { createInjectApiClient } from './api-client.ts';
import { createCiferMcpServer } from './mcp-server.ts';

/**
 * The MCP server over Streamable HTTP at /mcp (ADR 230), stateless: every POST builds a server and
 * a transport for that one JSON-RPC message (or batch) and answers it as JSON, so any instance can
 * take any request and nothing is kept between them. The caller is its API token or an assistant's
 * OAuth access token (ADR 294): the session plugin reads it for /mcp as for /api, the access plugin
 * checks it and its read scope, and each tool call goes to /api/v1 with the same token, where every
 * other rule is applied.
 */

export const MCP_PATH = '/mcp';

export const MCP_MESSAGES = {
  tokenRequired: 'The MCP server takes a bearer token only: connect with OAuth (add CIFER to your assistant by this URL) or send "Authorization: Bearer <API token>". A signed-in browser session is not accepted here.',
  methodNotAllowed: 'This MCP server is stateless: send each JSON-RPC message with POST /mcp. There is no event stream to open (GET) or session to end (DELETE).',
} as const;

/** The headers the transport reads (content negotiation and the protocol's own); nothing else of the request reaches it. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'] as const;

const MCP_ROUTE_CONFIG = { access: 'user', api: 'read' } as const;

/** A cookie session is refused before anything else: a page an assistant is shown must not act as its reader. */
async function requireApiToken(request: FastifyRequest) {
  if (request.auth?.apiToken) return;
  throw new AppError('unauthorized', MCP_MESSAGES.tokenRequired);
}

/**
 * Every 401 of /mcp, whoever refused (this route, or the session plugin for a bad token), says
 * where the protected-resource metadata is (RFC 9728 section 5.1), so an assistant given only the
 * URL finds CIFER's authorization server and connects with OAuth (ADR 294).
 */
function challengeOnUnauthorized(resourceMetadataUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode !== 401) return;
    const invalid = request.headers.authorization ? ', error="invalid_token"' : '';
    void reply.header('WWW-Authenticate', `Bearer realm="cifer", resource_metadata="${resourceMetadataUrl}"${invalid}`);
  };
}

function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of TRANSPORT_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(request.url, 'http://cifer.invalid'), { method: request.method, headers });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  void reply.status(response.status).header('Cache-Control', 'no-store');
  response.headers.forEach((value, name) => void reply.header(name, value));
  const body = await response.text();
  return reply.send(body === '' ? undefined : body);
}

function refuseMethod(reply: FastifyReply) {
  void reply.status(405).header('Allow', 'POST').header('Cache-Control', 'no-store');
  return { jsonrpc: '2.0', error: { code: -32000, message: MCP_MESSAGES.methodNotAllowed }, id: null };
}

export async function mcpRoutes(app: FastifyInstance) {
  const challenge = challengeOnUnauthorized(new URL(`/.well-known/oauth-protected-resource${MCP_PATH}`, app.env.APP_URL).href);
  const guards = { config: MCP_ROUTE_CONFIG, onRequest: requireApiToken, onSend: challenge };
  app.post(MCP_PATH, guards, async (request, reply) => {
    const server = createCiferMcpServer(createInjectApiClient(app, request));
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(toWebRequest(request), { parsedBody: request.body });
      return await sendWebResponse(reply, response);
    } finally {
      await server.close();
    }
  });
  app.get(MCP_PATH, guards, async (_request, reply) => refuseMethod(reply));
  app.delete(MCP_PATH, guards, async (_request, reply) => refuseMethod(reply));
}
