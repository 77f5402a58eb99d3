import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { API_TOKEN_SECRET_PREFIX } from '@/contracts/api-tokens.ts';
import { text } from '@/contracts/text.ts';
import { createFetchApiClient, type ApiAnswer, type ApiClient } from './api-client.ts';
import { createCiferMcpServer } from './mcp-server.ts';

/**
 * The MCP server over stdio, for an assistant that starts it as a local process
 * (`npx cifer-mcp`, scripts/cifer-mcp.ts): the same tools, calling a CIFER server's public API over
 * HTTPS with the token it is given (ADR 230). Stdout carries the protocol; messages go to stderr.
 */

const TOKEN_PREFIXES = Object.values(API_TOKEN_SECRET_PREFIX);

const StdioEnvSchema = z.object({
  CIFER_URL: text('CIFER_URL must be a URL')
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'CIFER_URL must be the http(s) address of your CIFER server, e.g. https://cifer.example.com' })),
  CIFER_TOKEN: text('CIFER_TOKEN must be an API token')
    .trim()
    .refine((token) => TOKEN_PREFIXES.some((prefix) => token.startsWith(prefix)), `CIFER_TOKEN must be a CIFER API token (it starts with ${TOKEN_PREFIXES.join(' or ')}); create one in your account settings`),
  /** A personal token may act in another of its owner's organisations (the API's CIFER-Organization header). */
  CIFER_ORGANIZATION: z.uuid('CIFER_ORGANIZATION must be an organisation id (a UUID)').optional(),
});

export interface StdioConfig {
  baseUrl: string;
  token: string;
  organizationId: string | undefined;
}

/** A setting that is missing or wrong, said so a person can fix it (the token itself is never repeated). */
export class StdioConfigError extends Error {
  override name = 'StdioConfigError';
}

export function readStdioConfig(env: Record<string, string | undefined>): StdioConfig {
  const parsed = StdioEnvSchema.safeParse({ CIFER_URL: env.CIFER_URL, CIFER_TOKEN: env.CIFER_TOKEN, CIFER_ORGANIZATION: env.CIFER_ORGANIZATION || undefined });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return issue.code === 'invalid_type' ? `${name} is not set` : issue.message;
    });
    throw new StdioConfigError(`cifer-mcp cannot start: ${problems.join('; ')}. Set CIFER_URL and CIFER_TOKEN (docs/mcp.md).`);
  }
  return { baseUrl: parsed.data.CIFER_URL, token: parsed.data.CIFER_TOKEN, organizationId: parsed.data.CIFER_ORGANIZATION };
}

/** The error answer's message, when the server said one (the spec's `status: body` format). */
function messageOf(json: unknown): string {
  return typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string' ? json.message : 'no reason given';
}

/**
 * Asks CIFER whether it takes the token before the protocol starts, so an assistant never shows
 * CIFER as connected with a token that every call would refuse: a refused, revoked or expired
 * token, or a server that cannot be reached, stops the process with the reason.
 */
export async function checkTokenAtStart(client: ApiClient, config: StdioConfig): Promise<void> {
  let answer: ApiAnswer;
  try {
    answer = await client.request('GET', '/api/v1/organizations');
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new StdioConfigError(`cifer-mcp cannot start: CIFER at ${config.baseUrl} could not be reached (${cause}). Check CIFER_URL (docs/mcp.md).`);
  }
  if (answer.status === 200) return;
  const reason = `${answer.status}: ${messageOf(answer.json)}`;
  if (answer.status === 401 || answer.status === 403)
    throw new StdioConfigError(`cifer-mcp cannot start: CIFER refused the token (${reason}). Create a new API token in your account settings and set it as CIFER_TOKEN (docs/mcp.md).`);
  throw new StdioConfigError(`cifer-mcp cannot start: CIFER at ${config.baseUrl} answered ${reason}. Check CIFER_URL (docs/mcp.md).`);
}

/** Serves MCP on this process's stdin/stdout until the assistant closes them, once CIFER has taken the token. */
export async function runStdioServer(env: Record<string, string | undefined>): Promise<void> {
  const config = readStdioConfig(env);
  const client = createFetchApiClient(config);
  await checkTokenAtStart(client, config);
  const server = createCiferMcpServer(client);
  await server.connect(new StdioServerTransport());
}
