import { SCIM_SCHEMAS } from '@/contracts/scim.ts';
import { MAX_PAGE_SIZE } from './scim-list.ts';
import { scimUrl } from './scim-user-resource.ts';

/**
 * SCIM's self-description (RFC 7644 section 4, ADR 296): what this service supports, its two
 * resource types and the attributes of each that CIFER keeps. Clients that read them (Okta's
 * and Entra's validators, the RFC's own tooling) learn the truth: PATCH and filters yes; bulk,
 * sorting, ETags and passwords no.
 */

const attribute = (name: string, type: string, options: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...options,
});

const USER_ATTRIBUTES = [
  attribute('userName', 'string', { required: true, uniqueness: 'server', description: 'The person’s e-mail address, in one of the organisation’s verified SSO domains.' }),
  attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string'), attribute('formatted', 'string', { mutability: 'readOnly' })] }),
  attribute('displayName', 'string', { mutability: 'readOnly' }),
  attribute('emails', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')] }),
  attribute('active', 'boolean', { description: 'false ends every session, API token and connected assistant of the person at once.' }),
  attribute('externalId', 'string', { caseExact: true }),
  attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly', description: 'The person’s role in the organisation.', subAttributes: [attribute('value', 'string'), attribute('display', 'string')] }),
];

const GROUP_ATTRIBUTES = [
  attribute('displayName', 'string', { required: true, mutability: 'immutable', uniqueness: 'server' }),
  attribute('members', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string', { mutability: 'immutable' }), attribute('display', 'string', { mutability: 'readOnly' })] }),
];

export function serviceProviderConfig(appUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'Bearer token', description: 'A SCIM token an owner creates in the organisation’s single sign-on settings.', primary: true }],
    meta: { resourceType: 'ServiceProviderConfig', location: scimUrl(appUrl, '/ServiceProviderConfig') },
  };
}

export function resourceTypes(appUrl: string) {
  return [
    { schemas: [SCIM_SCHEMAS.resourceType], id: 'User', name: 'User', endpoint: '/Users', schema: SCIM_SCHEMAS.user, meta: { resourceType: 'ResourceType', location: scimUrl(appUrl, '/ResourceTypes/User') } },
    { schemas: [SCIM_SCHEMAS.resourceType], id: 'Group', name: 'Group', endpoint: '/Groups', description: 'The organisation’s roles', schema: SCIM_SCHEMAS.group, meta: { resourceType: 'ResourceType', location: scimUrl(appUrl, '/ResourceTypes/Group') } },
  ];
}

export function schemas(appUrl: string) {
  return [
    { schemas: [SCIM_SCHEMAS.schema], id: SCIM_SCHEMAS.user, name: 'User', attributes: USER_ATTRIBUTES, meta: { resourceType: 'Schema', location: scimUrl(appUrl, `/Schemas/${SCIM_SCHEMAS.user}`) } },
    { schemas: [SCIM_SCHEMAS.schema], id: SCIM_SCHEMAS.group, name: 'Group', attributes: GROUP_ATTRIBUTES, meta: { resourceType: 'Schema', location: scimUrl(appUrl, `/Schemas/${SCIM_SCHEMAS.group}`) } },
  ];
}
