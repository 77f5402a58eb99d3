import { z } from 'zod';
import { text } from './text.ts';

/**
 * SCIM 2.0 provisioning (RFC 7643, RFC 7644; ADR 296) for organisations that sign in with SSO: the
 * owner's SCIM tokens (in the organisation's single sign-on settings) and the protocol's fixed
 * names. The protocol itself speaks SCIM's JSON, not these shapes.
 */

/** The SCIM service's base path; the identity provider is given APP_URL + this. */
export const SCIM_BASE_PATH = '/scim/v2';
/** Recognisable start of a SCIM token's secret (for secret scanners). */
export const SCIM_TOKEN_PREFIX = 'cifer_scim_';
/** Two at once: a new token is created and put in the identity provider before the old one is revoked. */
export const MAX_ACTIVE_SCIM_TOKENS = 2;
export const SCIM_TOKEN_NAME_MAX_LENGTH = 80;

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The organisation's roles as SCIM groups: the group's id is the role, its displayName what a directory's group is named. */
export const SCIM_ROLE_GROUPS = [
  { role: 'owner', displayName: 'CIFER Owners' },
  { role: 'member', displayName: 'CIFER Members' },
  { role: 'viewer', displayName: 'CIFER Viewers' },
] as const;

/** POST /api/organizations/:id/scim/tokens */
export const CreateScimTokenInputSchema = z.strictObject({
  name: text().trim().min(1, 'Give the token a name').max(SCIM_TOKEN_NAME_MAX_LENGTH, `Must be at most ${SCIM_TOKEN_NAME_MAX_LENGTH} characters`),
});
export type CreateScimTokenInput = z.infer<typeof CreateScimTokenInputSchema>;

export const ScimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's visible start, e.g. `cifer_scim_Ab12`. */
  prefix: z.string(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

/** GET /api/organizations/:id/scim/tokens */
export const ScimSettingsSchema = z.object({
  /** The SCIM base URL (tenant URL) to give the identity provider. */
  baseUrl: z.string(),
  /** SCIM needs single sign-on with at least one verified domain: it provisions the addresses of those domains only. */
  verifiedDomains: z.array(z.string()),
  tokens: z.array(ScimTokenSchema),
});
export type ScimSettings = z.infer<typeof ScimSettingsSchema>;

/** The one answer that carries the secret: shown once, never stored. */
export const CreatedScimTokenSchema = z.object({ token: ScimTokenSchema, secret: z.string() });
export type CreatedScimToken = z.infer<typeof CreatedScimTokenSchema>;

export const ScimTokenParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), tokenId: z.uuid('Unknown token') });

export const SCIM_MESSAGES = {
  needsVerifiedDomain: 'SCIM provisions the people of your verified SSO domains: add a single sign-on connection and verify a domain first.',
  tooMany: `At most ${MAX_ACTIVE_SCIM_TOKENS} active SCIM tokens: revoke the old one once your identity provider uses the new one.`,
} as const;
