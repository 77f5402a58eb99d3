import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { API_TOKEN_SECRET_PREFIX } from '@/contracts/api-tokens.ts';
import { text } from '@/contracts/text.ts';
import { createFetchApiClient } from './api-client.ts';
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

/** Serves MCP on this process's stdin/stdout until the assistant closes them. */
export async function runStdioServer(env: Record<string, string | undefined>): Promise<void> {
  const server = createCiferMcpServer(createFetchApiClient(readStdioConfig(env)));
  await server.connect(new StdioServerTransport());
}
