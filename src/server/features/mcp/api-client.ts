import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IN_PROCESS_CALL_HEADER } from '../../sessions/session-plugin.ts';

/**
 * How the MCP tools reach CIFER: only through the public API /api/v1 (ADR 230), so every rule of
 * scopes, organisation and roles is the API's and MCP adds no second implementation of any.
 */
export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiAnswer {
  status: number;
  /** The parsed JSON answer, or null when the answer had no JSON body. */
  json: unknown;
}

export interface ApiClient {
  request(method: ApiMethod, path: string, body?: unknown): Promise<ApiAnswer>;
}

/** The headers that carry the caller: its token and, for a personal token, the organisation it names. */
const FORWARDED_HEADERS = ['authorization', 'cifer-organization'] as const;

function parseJson(body: string): unknown {
  if (body.trim() === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/**
 * The in-process client of the HTTP transport: each call is an `app.inject` with the MCP request's
 * own Authorization (and CIFER-Organization) header and address, so the API decides exactly as it
 * would for the same call made directly, per-IP limit included.
 */
export function createInjectApiClient(app: FastifyInstance, request: FastifyRequest): ApiClient {
  // Marks the calls as the MCP transport's own: an assistant's OAuth token, bound to /mcp, is taken by /api/v1 only then (ADR 294).
  const headers: Record<string, string> = { [IN_PROCESS_CALL_HEADER]: app.inProcessCallKey };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    async request(method, path, body) {
      const response = await app.inject({
        method,
        url: path,
        remoteAddress: request.ip,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: response.statusCode, json: parseJson(response.body) };
    },
  };
}

/** The stdio client: the same calls over HTTPS to a CIFER server with a token (scripts/cifer-mcp.ts). */
export function createFetchApiClient(options: { baseUrl: string; token: string; organizationId?: string | undefined; fetch?: typeof fetch }): ApiClient {
  const send = options.fetch ?? fetch;
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
  if (options.organizationId) headers['cifer-organization'] = options.organizationId;
  return {
    async request(method, path, body) {
      const response = await send(new URL(path, options.baseUrl), {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: parseJson(await response.text()) };
    },
  };
}
