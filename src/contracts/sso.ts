import { z } from 'zod';
import { OrganizationRoleSchema } from './organizations.ts';
import { text } from './text.ts';

/**
 * Single sign-on with OpenID Connect per organisation (ADR 225): the owner's connection settings,
 * the e-mail domains a connection covers and their verification, and the sign-in flow's errors.
 */

export const SSO_CONNECTION_NAME_MAX_LENGTH = 80;
export const SSO_MAX_DOMAINS_PER_CONNECTION = 20;
/** The TXT record an owner publishes to prove a domain: `_cifer-verification.<domain>` holding `cifer-verification=<token>`. */
export const SSO_TXT_RECORD_PREFIX = '_cifer-verification';
export const SSO_TXT_VALUE_PREFIX = 'cifer-verification=';
/** The path of the redirect URI every connection uses, after APP_URL. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** A bare domain such as `example.com` (lower-cased; an "@" in front is dropped). */
export const SsoDomainNameSchema = text()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().max(253, 'Domain is too long').regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com'));

/** Roles a connection may give to members it creates; never 'owner' (an owner is promoted by hand). */
export const SsoDefaultRoleSchema = OrganizationRoleSchema.exclude(['owner']);
export type SsoDefaultRole = z.infer<typeof SsoDefaultRoleSchema>;

const connectionFields = {
  name: text().trim().min(1, 'Name is required').max(SSO_CONNECTION_NAME_MAX_LENGTH, `Must be at most ${SSO_CONNECTION_NAME_MAX_LENGTH} characters`),
  /** The provider's issuer URL (its discovery document lives under it). */
  issuer: text().trim().max(500, 'Issuer URL is too long').pipe(z.url('Enter the issuer URL, e.g. https://login.microsoftonline.com/<tenant>/v2.0')),
  clientId: text().trim().min(1, 'Client ID is required').max(500, 'Client ID is too long'),
  clientSecret: text().min(1, 'Client secret is required').max(1000, 'Client secret is too long'),
  domains: z.array(SsoDomainNameSchema).min(1, 'Add at least one e-mail domain').max(SSO_MAX_DOMAINS_PER_CONNECTION, `At most ${SSO_MAX_DOMAINS_PER_CONNECTION} domains`),
  defaultRole: SsoDefaultRoleSchema,
  /** People of the verified domains must sign in with SSO (password log-in and reset refused, ADR 227). */
  required: z.boolean(),
};

/** POST /api/organizations/:id/sso */
export const SsoConnectionInputSchema = z.strictObject(connectionFields);
export type SsoConnectionInput = z.input<typeof SsoConnectionInputSchema>;

/** PATCH /api/organizations/:id/sso/:connectionId: any subset; a new secret replaces the stored one. */
export const SsoConnectionUpdateSchema = z.strictObject(connectionFields).partial();
export type SsoConnectionUpdate = z.input<typeof SsoConnectionUpdateSchema>;

export const SsoConnectionParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), connectionId: z.uuid('Unknown connection') });
export const SsoDomainParamsSchema = z.strictObject({ id: z.uuid('Unknown organisation'), connectionId: z.uuid('Unknown connection'), domainId: z.uuid('Unknown domain') });

export const SsoDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedBy: z.enum(['dns', 'admin']).nullable(),
  verifiedAt: z.string().nullable(),
  /** Where and what to publish: TXT `<txtRecordName>` = `<txtRecordValue>`. */
  txtRecordName: z.string(),
  txtRecordValue: z.string(),
}).meta({ id: 'SsoDomain' });
export type SsoDomain = z.infer<typeof SsoDomainSchema>;

/** A connection as its owner sees it: never the client secret. */
export const SsoConnectionSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  defaultRole: SsoDefaultRoleSchema,
  required: z.boolean(),
  domains: z.array(SsoDomainSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'SsoConnection' });
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

/** GET /api/organizations/:id/sso */
export const SsoConnectionListSchema = z.object({
  connections: z.array(SsoConnectionSchema),
  /** The redirect URI to paste into the identity provider: APP_URL + SSO_CALLBACK_PATH. */
  redirectUri: z.string(),
}).meta({ id: 'SsoConnectionList' });
export type SsoConnectionList = z.infer<typeof SsoConnectionListSchema>;

/** GET /api/admin/sso-domains (super_admin): domains waiting for approval. */
export const PendingSsoDomainSchema = SsoDomainSchema.extend({ organizationId: z.string(), organizationName: z.string(), connectionName: z.string(), createdAt: z.string() });
export const PendingSsoDomainListSchema = z.object({ domains: z.array(PendingSsoDomainSchema) });
export type PendingSsoDomain = z.infer<typeof PendingSsoDomainSchema>;
export const SsoDomainIdParamsSchema = z.strictObject({ domainId: z.uuid('Unknown domain') });
export const SSO_APPROVAL_REASON_MAX_LENGTH = 500;
/** POST /api/admin/sso-domains/:domainId/approve (super admins): why support vouches for the domain (ADR 290); audited. */
export const SsoDomainApprovalInputSchema = z.strictObject({
  reason: text()
    .trim()
    .min(1, 'Give the reason, e.g. how the organisation proved it controls the domain')
    .max(SSO_APPROVAL_REASON_MAX_LENGTH, `Must be at most ${SSO_APPROVAL_REASON_MAX_LENGTH} characters`),
});
export type SsoDomainApprovalInput = z.infer<typeof SsoDomainApprovalInputSchema>;

/** POST /api/auth/sso/start: e-mail first, then the organisation's provider. */
export const SsoStartInputSchema = z.strictObject({
  email: text()
    .trim()
    .max(254, 'Please enter a valid email address')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
});
export type SsoStartInput = z.infer<typeof SsoStartInputSchema>;
export const SsoStartResponseSchema = z.object({ redirectUrl: z.string() });
export type SsoStartResponse = z.infer<typeof SsoStartResponseSchema>;

/**
 * GET /api/auth/sso/callback: what the provider sends back. Providers add parameters of their own
 * (e.g. `session_state`), so unknown ones are kept; the OpenID library reads the whole URL.
 */
const callbackParameter = text().max(4096, 'Parameter is too long').optional();
export const SsoCallbackQuerySchema = z.looseObject({
  code: callbackParameter,
  state: callbackParameter,
  iss: callbackParameter,
  error: callbackParameter,
  error_description: callbackParameter,
});
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuerySchema>;

/**
 * Why a single sign-on did not finish. The callback redirects to `/auth?sso_error=<code>` and the
 * sign-in page shows the message; each says what the person (or their IT) can do.
 */
export const SSO_ERROR_CODES = [
  'provider_unreachable',
  'invalid_client',
  'domain_not_covered',
  'email_not_verified',
  'state_mismatch',
  'nonce_mismatch',
  'clock_skew',
  'token_invalid',
  'provider_denied',
  'account_disabled',
] as const;
export const SsoErrorCodeSchema = z.enum(SSO_ERROR_CODES);
export type SsoErrorCode = z.infer<typeof SsoErrorCodeSchema>;

export const SSO_ERROR_MESSAGES = {
  provider_unreachable: "Your organisation's sign-in provider could not be reached. Try again in a few minutes; if it keeps failing, ask your IT administrator to check the SSO connection.",
  invalid_client: "Your organisation's sign-in provider refused CIFER's credentials (client ID or secret). Ask your organisation owner to update the SSO connection in CIFER.",
  domain_not_covered: "The account you signed in with is not in an e-mail domain your organisation's SSO covers. Sign in with your work account, or ask your organisation owner to add the domain.",
  email_not_verified: 'Your sign-in provider has not verified this e-mail address, so CIFER cannot trust it. Ask your IT administrator to verify it, then try again.',
  state_mismatch: 'This sign-in link was already used or has expired. Start again with "Sign in with SSO".',
  nonce_mismatch: 'The answer from your sign-in provider did not belong to this sign-in. Start again with "Sign in with SSO".',
  clock_skew: "The sign-in provider's clock and CIFER's disagree, so the sign-in was refused. Check the time settings of the provider (or this server), then try again.",
  token_invalid: 'The sign-in provider sent a token CIFER could not verify (signature, issuer or audience). Ask your IT administrator to check the SSO connection.',
  provider_denied: 'The sign-in provider did not let you in (access denied or cancelled). Try again, or ask your IT administrator for access to CIFER.',
  account_disabled: 'Your CIFER account is disabled. Contact your organisation owner or CIFER support.',
} as const satisfies Record<SsoErrorCode, string>;

/** Password log-in and password reset for a person whose domain requires SSO (ADR 227). */
export const SSO_REQUIRED_MESSAGE = 'Your organisation signs in with single sign-on. Choose "Sign in with SSO" and enter your work e-mail.';
