import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKEN_SECRET_PREFIX } from '@/contracts/api-tokens.ts';
import type { OrganizationMembersResponse } from '@/contracts/organizations.ts';
import type { V1Result } from '@/contracts/public-api.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { completeAssessment } from '../../test/helpers.ts';
import { createCaller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { apiJson, connectClient, issueApiToken, jsonOf, listeningUrl, textOf, TOOL_NAMES } from './mcp-test-support.ts';
import { roundForReading } from './tool-results.ts';

/** The bin `npx cifer-mcp` runs (package.json "bin"). */
const BIN = fileURLToPath(new URL('../../../../scripts/cifer-mcp.mjs', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

const t = useSharedTestApp();
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** The bin started as an assistant starts it: a child process speaking MCP on its stdin/stdout. */
async function startBin(env: Record<string, string>): Promise<Client> {
  const client = await connectClient(new StdioClientTransport({ command: process.execPath, args: [BIN], cwd: REPO, env, stderr: 'pipe' }));
  clients.push(client);
  return client;
}

/** The bin run with an MCP initialize request on stdin, to its end (asynchronously: the server answering it runs in this process). */
function runToEnd(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN], { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } })}\n`);
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('MCP over stdio (scripts/cifer-mcp.mjs)', BUILDS_AN_APP, () => {
  test('serves the same tools against a CIFER server, with the figures of its API', async () => {
    const owner = await createCaller(t);
    const assessment = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT, 1, 'Clinic');
    const secret = await issueApiToken(t, owner, ['read']);
    const client = await startBin({ CIFER_URL: await listeningUrl(t), CIFER_TOKEN: secret });

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    const result = await apiJson<V1Result>(t, secret, 'GET', `/api/v1/assessments/${assessment.id}/result`);
    const headline = await client.callTool({ name: 'get_result', arguments: { assessmentId: assessment.id } });
    expect(jsonOf(headline)).toMatchObject(roundForReading({ assessmentId: assessment.id, figures: result.figures }));
    expect(textOf(headline)).toContain(result.summary);

    // The token's rules travel with it: read only, and only its own organisation.
    const refused = await client.callTool({ name: 'start_draft', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(API_TOKEN_MESSAGES.readOnly);
    const stranger = await createCaller(t);
    const theirs = await completeAssessment(t, stranger.cookie, SAMPLE_CLINIC_INPUT, 1, 'Someone else');
    const hidden = await client.callTool({ name: 'get_result', arguments: { assessmentId: theirs.id } });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toContain('(404)');
  });

  test("an owner's write token invites and takes the invitation back over stdio (a DELETE through the HTTPS client)", async () => {
    const owner = await createCaller(t);
    const secret = await issueApiToken(t, owner, ['read', 'write']);
    const client = await startBin({ CIFER_URL: await listeningUrl(t), CIFER_TOKEN: secret });
    const invited = await client.callTool({ name: 'invite_member', arguments: { email: 'stdio-invitee@example.test' } });
    const { id } = jsonOf<{ id: string }>(invited);
    expect((await apiJson<OrganizationMembersResponse>(t, secret, 'GET', '/api/v1/members')).invitations.map((i) => `${i.email} ${i.role}`)).toEqual(['stdio-invitee@example.test member']);
    const revoked = await client.callTool({ name: 'revoke_invitation', arguments: { invitationId: id } });
    expect(revoked.isError, textOf(revoked)).toBeFalsy();
    expect((await apiJson<OrganizationMembersResponse>(t, secret, 'GET', '/api/v1/members')).invitations).toEqual([]);
  });

  test('a refused token (unknown, revoked) stops it with the reason before it speaks MCP', async () => {
    const owner = await createCaller(t);
    const url = await listeningUrl(t);
    const revoked = await issueApiToken(t, owner, ['read'], { revokedAt: t.clock.now() });
    const unknown = `${API_TOKEN_SECRET_PREFIX.personal}${'x'.repeat(32)}`;
    for (const token of [revoked, unknown]) {
      const stopped = await runToEnd({ CIFER_URL: url, CIFER_TOKEN: token });
      expect(stopped.status).toBe(2);
      expect(stopped.stderr).toContain(`cifer-mcp cannot start: CIFER refused the token (401: ${API_TOKEN_MESSAGES.invalid})`);
      expect(stopped.stderr).not.toContain(token);
      // Nothing on the protocol channel: the assistant sees a process that stopped, not a connected server.
      expect(stopped.stdout).toBe('');
    }
  });

  test('without its settings it says what is missing and stops, never echoing a token', () => {
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [BIN], { cwd: REPO, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', input: '' });
    const missing = run({});
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('CIFER_URL is not set; CIFER_TOKEN is not set');
    expect(missing.stdout).toBe('');
    const wrong = run({ CIFER_URL: 'ftp://cifer.example', CIFER_TOKEN: 'pasted-the-wrong-secret' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('CIFER_URL must be the http(s) address');
    expect(wrong.stderr).toContain('CIFER_TOKEN must be a CIFER API token');
    expect(wrong.stderr).not.toContain('pasted-the-wrong-secret');
  });
});
