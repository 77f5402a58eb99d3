import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { API_TOKEN_SECRET_PREFIX, type ApiTokenScope } from '@/contracts/api-tokens.ts';
import { apiTokens } from '../../db/schema.ts';
import { hashToken } from '../../sessions/session-store.ts';
import type { Caller } from '../../test/organization-members.ts';
import type { TestApp } from '../../test/test-app.ts';

/** What the MCP tests share (tests only): tokens, a listening app, an SDK client and reading its answers. */

export const TOOL_NAMES = [
  'compare_assessments',
  'complete_assessment',
  'explain_factor',
  'get_action_plan',
  'get_evidence',
  'get_result',
  'get_sso_settings',
  'invite_member',
  'list_assessments',
  'list_members',
  'list_webhook_deliveries',
  'list_webhooks',
  'query_audit_log',
  'record_answers',
  'record_evidence',
  'revoke_invitation',
  'send_webhook_test',
  'start_draft',
  'what_if',
];

const DAY_MS = 86_400_000;

/** A token row as the API-token routes would store it (the secret returned, only its hash kept). */
export async function issueApiToken(t: TestApp, owner: Caller, scopes: ApiTokenScope[], changes: Partial<typeof apiTokens.$inferInsert> = {}): Promise<string> {
  const secret = `${API_TOKEN_SECRET_PREFIX.personal}${randomBytes(24).toString('base64url')}`;
  await t.app.db.insert(apiTokens).values({
    kind: 'personal',
    userId: owner.userId,
    organizationId: owner.homeOrganizationId,
    name: 'Assistant',
    tokenHash: hashToken(secret),
    prefix: secret.slice(0, 14),
    scopes,
    expiresAt: new Date(t.clock.now().getTime() + 90 * DAY_MS),
    ...changes,
  });
  return secret;
}

/** The app on a loopback port (once per app), for clients that speak real HTTP to it. */
export async function listeningUrl(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export async function connectClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'cifer-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** An SDK client over Streamable HTTP to /mcp of the listening test app, carrying the token; kept in `clients` for closing. */
export async function connectOverHttp(t: TestApp, secret: string, clients: Client[]): Promise<Client> {
  const url = new URL('/mcp', await listeningUrl(t));
  const client = await connectClient(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  clients.push(client);
  return client;
}

/** A tool's answer as the SDK client types it (a union with the protocol's older shape). */
type ToolAnswer = Record<string, unknown>;

/** The text a tool answered (its one text block). */
export function textOf(answer: ToolAnswer): string {
  const blocks = Array.isArray(answer['content']) ? (answer['content'] as { type: string; text?: string }[]) : [];
  return blocks.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('\n');
}

/** The JSON block a tool answered after its words. */
export function jsonOf<T = Record<string, unknown>>(answer: ToolAnswer): T {
  const match = /```json\n([\s\S]*)\n```/.exec(textOf(answer));
  if (!match?.[1]) throw new Error(`no JSON block in: ${textOf(answer)}`);
  return JSON.parse(match[1]) as T;
}

/** The same call straight to the public API with the token, to compare the tools' figures with. */
export async function apiJson<T = Record<string, unknown>>(t: TestApp, secret: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<T> {
  const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}
