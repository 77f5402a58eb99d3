import { z } from 'zod';
import { text } from './text.ts';

/**
 * API tokens (ADR 228): personal tokens (in /account) and organisation tokens (organisation
 * settings, owners only) for the public API (/api/v1) and the MCP server (/mcp).
 */

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

export const API_TOKEN_KINDS = ['personal', 'organization'] as const;
export const ApiTokenKindSchema = z.enum(API_TOKEN_KINDS);
export type ApiTokenKind = z.infer<typeof ApiTokenKindSchema>;

/** Recognisable starts of a secret (for secret scanners): personal and organisation tokens. */
export const API_TOKEN_SECRET_PREFIX = { personal: 'cifer_pat_', organization: 'cifer_oat_' } as const satisfies Record<ApiTokenKind, string>;
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX_LENGTH = 80;
export const MAX_API_TOKENS_PER_OWNER = 50;

/**
 * Write includes read (ADR 228): the answer to every write shows the assessment written (and a
 * duplicate copies any assessment with its answers), and the MCP server reads before it writes, so
 * a write-only token would promise a secrecy nothing keeps. Such a token is refused at creation.
 */
export const WRITE_NEEDS_READ_MESSAGE = 'A token that may write must also read (each write answers with the assessment it wrote): choose Read as well.';
const writeHasRead = (scopes: readonly ApiTokenScope[]) => !scopes.includes('write') || scopes.includes('read');

/** POST /api/account/tokens and POST /api/organizations/:id/tokens */
export const CreateApiTokenInputSchema = z.strictObject({
  name: text().trim().min(1, 'Give the token a name').max(API_TOKEN_NAME_MAX_LENGTH, `Must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`),
  scopes: z
    .array(ApiTokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(2)
    .refine(writeHasRead, WRITE_NEEDS_READ_MESSAGE)
    .transform((scopes) => [...new Set(scopes)]),
  expiresInDays: z.number().int().min(1, 'At least 1 day').max(API_TOKEN_MAX_DAYS, `At most ${API_TOKEN_MAX_DAYS} days`).default(API_TOKEN_DEFAULT_DAYS),
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenInputSchema>;

/** A token as lists show it: never its secret. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  kind: ApiTokenKindSchema,
  name: z.string(),
  /** The secret's visible start, e.g. `cifer_pat_Ab12`. */
  prefix: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  organizationId: z.string(),
  organizationName: z.string(),
  /** Who created it (for organisation tokens, the owner whose rights it carries). */
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** The one answer that carries the secret: shown once, never stored. */
export const CreatedApiTokenSchema = z.object({ token: ApiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const ApiTokenParamsSchema = z.strictObject({ tokenId: z.uuid('Unknown token') });
export const OrganizationApiTokenParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), tokenId: z.uuid('Unknown token') });

export const API_TOKEN_MESSAGES = {
  invalid: 'This API token is not valid: it may be revoked or expired, or its owner no longer has access.',
  readOnly: 'This API token has the read scope only; this call needs the write scope.',
  notForThisRoute: 'API tokens may call only the public API (/api/v1 and the import of assessments) and the MCP server (/mcp).',
  tooMany: `At most ${MAX_API_TOKENS_PER_OWNER} active tokens. Revoke one first.`,
} as const;
