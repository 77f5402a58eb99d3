import { z } from 'zod';
import { ApiTokenScopeSchema } from './api-tokens.ts';
import { OrganizationRoleSchema } from './organizations.ts';
import { text } from './text.ts';

/**
 * Remote MCP with OAuth 2.1 (ADR 294): an AI assistant adds CIFER by the URL of its MCP endpoint,
 * registers itself (RFC 7591), sends the person to CIFER's consent page and gets tokens bound to
 * that endpoint (RFC 8707). These are the shapes the browser app and the server share: the consent
 * page, and the connected assistants of /account.
 */

/** The scopes an assistant may ask for: the API tokens' own (ADR 228), with the same meaning. */
export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** Recognisable starts of the secrets (for secret scanners), apart from the API tokens' prefixes. */
export const OAUTH_TOKEN_PREFIX = { access: 'cifer_mcp_', refresh: 'cifer_mcr_' } as const;

/** The consent page (a page of the browser app, not under /oauth: those are the protocol's endpoints). */
export const CONSENT_PAGE_PATH = '/connect-assistant';
/** The path of the MCP endpoint, the one resource CIFER's tokens are for. */
export const MCP_RESOURCE_PATH = '/mcp';

/** The resource indicator (RFC 8707) of CIFER's MCP endpoint: every access token is bound to it. */
export function mcpResourceUrl(appUrl: string): string {
  return new URL(MCP_RESOURCE_PATH, new URL(appUrl).origin).href;
}

/** What each scope lets an assistant do, in the consent page's words. */
export const OAUTH_SCOPE_DESCRIPTIONS: Record<OAuthScope, string> = {
  read: 'Read the organisation’s assessments, results, action plans and the methodology, and run what-ifs (nothing is stored).',
  write: 'Start, fill in and complete assessments in the organisation.',
};

/** Errors of the authorization request that cannot be sent back to the assistant (its identity or address is in doubt). */
export const CONSENT_ERROR_MESSAGES = {
  unknown_client: 'This assistant is not registered with CIFER (or its registration has expired). Start connecting it again from the assistant.',
  invalid_redirect: 'The assistant asked CIFER to send you to an address it did not register. For your safety, nothing was sent.',
  invalid_request: 'The assistant’s request was incomplete or malformed. Start connecting it again from the assistant.',
  expired: 'This request has expired or was already answered. Start connecting the assistant again from the assistant.',
} as const;
export type ConsentErrorCode = keyof typeof CONSENT_ERROR_MESSAGES;

export const ConsentRequestParamsSchema = z.strictObject({ requestId: text().min(20).max(100) });

/** GET /api/oauth/requests/:requestId: what the consent page shows. */
export const ConsentRequestSchema = z.object({
  client: z.object({
    name: z.string(),
    /** Where CIFER will send the answer: the host of the redirect URI, so a look-alike name is told apart. */
    redirectHost: z.string(),
  }),
  scopes: z.array(ApiTokenScopeSchema),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), role: OrganizationRoleSchema })),
  /** The organisation the person works in now: the page's first choice. */
  currentOrganizationId: z.string(),
  expiresAt: z.string(),
});
export type ConsentRequest = z.infer<typeof ConsentRequestSchema>;

/** POST /api/oauth/requests/:requestId/decision */
export const ConsentDecisionInputSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    decision: z.literal('allow'),
    organizationId: z.uuid('Choose an organisation'),
    scopes: z.array(ApiTokenScopeSchema).min(1).max(2),
  }),
  z.strictObject({ decision: z.literal('deny') }),
]);
export type ConsentDecisionInput = z.infer<typeof ConsentDecisionInputSchema>;

/** Where the browser goes next: back to the assistant, with a code or with access_denied. */
export const ConsentDecisionSchema = z.object({ redirectTo: z.string() });
export type ConsentDecision = z.infer<typeof ConsentDecisionSchema>;

/** A connected assistant (a grant) as /account lists it. */
export const ConnectedAssistantSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  redirectHost: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  connectedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ConnectedAssistant = z.infer<typeof ConnectedAssistantSchema>;
export const ConnectedAssistantListSchema = z.object({ assistants: z.array(ConnectedAssistantSchema) });
export type ConnectedAssistantList = z.infer<typeof ConnectedAssistantListSchema>;
export const ConnectedAssistantParamsSchema = z.strictObject({ grantId: z.uuid('Unknown assistant') });

export const OAUTH_MESSAGES = {
  viewerCannotWrite: 'Your role in this organisation is read-only: the assistant can be given Read only.',
  notAMember: 'You are not a member of this organisation.',
  tokenForMcpOnly: 'This access token was issued for the MCP server (/mcp) and is accepted there only.',
} as const;
