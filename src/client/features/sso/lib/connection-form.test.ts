import { expect, test } from 'vitest';
import type { SsoConnection } from '@/contracts/sso.ts';
import { EditConnectionFormSchema, NewConnectionFormSchema, connectionFormValues, toConnectionUpdate } from './connection-form.ts';

const filled = { name: 'Contoso Entra', issuer: 'https://login.microsoftonline.com/tenant/v2.0', clientId: 'client-1', clientSecret: 's3cret', defaultRole: 'member', required: false } as const;

test('the domains box accepts lines, commas and an "@" in front, lower-cases and drops repeats', () => {
  const parsed = NewConnectionFormSchema.parse({ ...filled, domains: 'Contoso.com\n@fabrikam.io, contoso.com' });
  expect(parsed.domains).toEqual(['contoso.com', 'fabrikam.io']);
});

test('a wrong entry in the domains box is named in the message; an empty box asks for one', () => {
  const wrong = NewConnectionFormSchema.safeParse({ ...filled, domains: 'contoso.com\nnot-a-domain' });
  expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['domains', 'not-a-domain: Enter a domain such as example.com']]);
  const empty = NewConnectionFormSchema.safeParse({ ...filled, domains: '  ' });
  expect(empty.error?.issues[0]?.message).toBe('Add at least one e-mail domain');
});

test('a new connection needs a client secret; an edited one may leave it blank, and the update then leaves it out', () => {
  expect(NewConnectionFormSchema.safeParse({ ...filled, clientSecret: '', domains: 'contoso.com' }).error?.issues[0]?.message).toBe('Client secret is required');
  const kept = EditConnectionFormSchema.parse({ ...filled, clientSecret: '', domains: 'contoso.com' });
  expect(toConnectionUpdate(kept)).not.toHaveProperty('clientSecret');
  const replaced = EditConnectionFormSchema.parse({ ...filled, clientSecret: 'new-secret', domains: 'contoso.com' });
  expect(toConnectionUpdate(replaced)).toMatchObject({ clientSecret: 'new-secret', domains: ['contoso.com'] });
});

test('editing starts from the stored connection, one domain per line and the secret blank', () => {
  const connection: SsoConnection = {
    id: 'c1',
    organizationId: 'o1',
    name: 'Contoso Entra',
    issuer: 'https://login.microsoftonline.com/tenant/v2.0',
    clientId: 'client-1',
    defaultRole: 'viewer',
    required: true,
    domains: ['contoso.com', 'fabrikam.io'].map((domain, index) => ({ id: `d${index}`, domain, verified: false, verifiedBy: null, verifiedAt: null, txtRecordName: `_cifer-verification.${domain}`, txtRecordValue: 'cifer-verification=x' })),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  expect(connectionFormValues(connection)).toEqual({ name: 'Contoso Entra', issuer: connection.issuer, clientId: 'client-1', clientSecret: '', domains: 'contoso.com\nfabrikam.io', defaultRole: 'viewer', required: true });
});
