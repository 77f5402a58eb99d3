import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { OrganizationMembersResponseSchema, PendingInvitationSchema, type OrganizationMember, type PendingInvitation } from '@/contracts/organizations.ts';
import { V1AuditLogPageSchema, type V1AuditLogQuery } from '@/contracts/public-api.ts';
import type { ApiClient } from './api-client.ts';
import { AuditLogInput, InvitationInput, InviteMemberInput, NoInput } from './tool-inputs.ts';
import { callApi, segment, toolAnswer } from './tool-results.ts';

/**
 * The organisation's people and its audit log (ADR 320), through /api/v1 like every tool: the
 * owner's token reads them, and with the write scope invites someone or takes an invitation back.
 * Changing a member's role or removing a member is left to the app and the API, never an assistant.
 */

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const OWNER_NOTE = 'For an owner of the organisation.';

const memberLine = (m: OrganizationMember) => `- ${`${m.firstName} ${m.lastName}`.trim() || m.email} <${m.email}>: ${m.role}, joined ${m.joinedAt.slice(0, 10)}`;
const invitationLine = (i: PendingInvitation) => `- ${i.email}: invited as ${i.role}, open until ${i.expiresAt.slice(0, 10)} [${i.id}]`;

async function listMembers(client: ApiClient) {
  const outcome = await callApi(client, 'GET', '/api/v1/members', OrganizationMembersResponseSchema);
  if (!outcome.ok) return outcome.result;
  const { organization, members, invitations } = outcome.value;
  const words = [
    `${organization.name} has ${members.length} member(s):`,
    ...members.map(memberLine),
    invitations.length === 0 ? 'No open invitations.' : `${invitations.length} open invitation(s):`,
    ...invitations.map(invitationLine),
  ].join('\n');
  return toolAnswer(words, outcome.value);
}

async function inviteMember(client: ApiClient, body: z.infer<typeof InviteMemberInput>) {
  const outcome = await callApi(client, 'POST', '/api/v1/invitations', PendingInvitationSchema, body);
  if (!outcome.ok) return outcome.result;
  const invitation = outcome.value;
  return toolAnswer(`Invited ${invitation.email} as ${invitation.role}; the invitation is open until ${invitation.expiresAt.slice(0, 10)}.`, invitation);
}

async function revokeInvitation(client: ApiClient, { invitationId }: z.infer<typeof InvitationInput>) {
  const outcome = await callApi(client, 'DELETE', `/api/v1/invitations/${segment(invitationId)}`, MessageResponseSchema);
  if (!outcome.ok) return outcome.result;
  return toolAnswer(outcome.value.message, { invitationId, revoked: true });
}

async function queryAuditLog(client: ApiClient, input: z.infer<typeof AuditLogInput>) {
  const filters: Partial<Record<keyof V1AuditLogQuery, string>> = { ...input, limit: String(input.limit) };
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const outcome = await callApi(client, 'GET', `/api/v1/audit-log?${query.toString()}`, V1AuditLogPageSchema);
  if (!outcome.ok) return outcome.result;
  const { items, nextCursor } = outcome.value;
  const lines = items.map((e) => `- ${e.at}: ${e.action}${e.actorEmail ? ` by ${e.actorEmail}` : ''}${e.targetEmail ? ` on ${e.targetEmail}` : ''}${e.apiTokenName ? ` (token "${e.apiTokenName}")` : ''}`);
  const more = nextCursor ? `\nMore: call again with cursor "${nextCursor}".` : '';
  const words = items.length === 0 ? 'No audit events match.' : `${items.length} audit event(s), newest first:\n${lines.join('\n')}${more}`;
  return toolAnswer(words, outcome.value);
}

export function registerAdministrationTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'list_members',
    { title: 'List members and invitations', description: `The organisation's members with their roles, and the open invitations. ${OWNER_NOTE}`, inputSchema: NoInput, annotations: READ_ONLY },
    () => listMembers(client),
  );
  server.registerTool(
    'invite_member',
    {
      title: 'Invite someone',
      description: `Invites an e-mail address into the organisation with a role; CIFER e-mails the invitation. ${OWNER_NOTE} Needs a token with the write scope.`,
      inputSchema: InviteMemberInput,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    (input) => inviteMember(client, input),
  );
  server.registerTool(
    'revoke_invitation',
    {
      title: 'Take back an invitation',
      description: `Revokes an open invitation, so its link no longer works. ${OWNER_NOTE} Needs a token with the write scope.`,
      inputSchema: InvitationInput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (input) => revokeInvitation(client, input),
  );
  server.registerTool(
    'query_audit_log',
    {
      title: 'Audit log',
      description: `Who did what in the organisation, newest first, filtered by action, person and dates, a page at a time. ${OWNER_NOTE}`,
      inputSchema: AuditLogInput,
      annotations: READ_ONLY,
    },
    (input) => queryAuditLog(client, input),
  );
}
