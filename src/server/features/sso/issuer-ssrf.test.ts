import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../errors.ts';
import { OutboundTargetRefused, targetPolicyOf, type HostResolver } from '../../lib/outbound-target.ts';
import { assertProviderReachable } from './check-provider.ts';
import { checkIssuer } from './issuer-policy.ts';
import { discoverProvider } from './provider-client.ts';

/**
 * No SSRF through an SSO issuer (ADR 288): the issuer URL and every URL its discovery document
 * names pass the webhooks' outbound target rule, at save and at every call, before anything connects.
 */

const production = targetPolicyOf({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_NETWORKS: false });
const development = targetPolicyOf({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_NETWORKS: false });
const now = new Date();

/** A listener on 127.0.0.1 that counts every connection made to it: the address a refused issuer names. */
let listener: Server;
let port = 0;
let connections = 0;
/** What the listener serves at the discovery path: a document naming a private token endpoint. */
let discoveryDocument: Record<string, unknown> = {};

beforeAll(async () => {
  listener = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(discoveryDocument));
  });
  listener.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

async function refusalAtSave(issuer: string, resolve?: HostResolver): Promise<string> {
  const error = await assertProviderReachable({ issuer, clientId: 'cifer' }, { targets: production, now, ...(resolve ? { resolve } : {}) }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(400);
  return (error as AppError).message;
}

describe('in production, the issuer is refused before any connection', () => {
  test.each([
    ['loopback', () => `https://127.0.0.1:${port}`, 'loopback'],
    ['loopback over http', () => `http://127.0.0.1:${port}`, 'must start with https://'],
    ['localhost', () => `http://localhost:${port}`, 'must start with https://'],
    ['IPv6 loopback', () => `https://[::1]:${port}`, 'loopback'],
    ['IPv4-mapped IPv6 loopback', () => `https://[::ffff:127.0.0.1]:${port}`, 'loopback'],
    ['decimal loopback', () => `https://2130706433:${port}`, 'loopback'],
    ['decimal loopback over http', () => `http://2130706433:${port}`, 'must start with https://'],
    ['hexadecimal loopback', () => `https://0x7f000001:${port}`, 'loopback'],
    ['private 10/8', () => 'https://10.0.0.5', 'private'],
    ['private 192.168/16', () => 'https://192.168.1.1', 'private'],
    ['link-local cloud metadata', () => 'https://169.254.169.254/latest', 'private or link-local'],
    ['IPv6 link-local', () => 'https://[fe80::1]', 'private or link-local'],
    ['IPv4-mapped private', () => 'https://[::ffff:10.0.0.1]', 'private'],
  ])('%s', async (_name, issuerOf, reason) => {
    const before = connections;
    const message = await refusalAtSave(issuerOf());
    expect(message).toContain('The issuer URL');
    expect(message).toContain(reason);
    expect(connections).toBe(before);
  });

  test('a host name that resolves to loopback is refused when it is used, and nothing connects', async () => {
    const before = connections;
    const toLoopback: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const message = await refusalAtSave(`https://idp.example.test:${port}`, toLoopback);
    expect(message).toContain('idp.example.test resolves to a refused address: 127.0.0.1 is on this server (loopback)');
    expect(connections).toBe(before);
  });

  test('checkIssuer names the rule and keeps the example for text that is no URL', () => {
    expect(checkIssuer('not a url', production)).toMatchObject({ ok: false, message: expect.stringContaining('https://login.microsoftonline.com') });
    expect(checkIssuer('https://login.example.com/tenant/v2.0', production)).toMatchObject({ ok: true, allowHttp: false });
  });
});

describe('every URL the discovery document names passes the rule at use', () => {
  test('a token endpoint on a private address is refused when the provider is called', async () => {
    const issuer = `http://127.0.0.1:${port}`;
    discoveryDocument = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: 'http://10.0.0.7/token',
      jwks_uri: 'https://169.254.169.254/keys',
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    };
    // Outside production the loopback issuer itself is allowed (a local test provider), a private address never.
    const config = await discoverProvider({ issuer, clientId: 'cifer', clientSecret: 'secret' }, { targets: development, now });
    const before = connections;
    const refused = await oidc.refreshTokenGrant(config, 'a-refresh-token').then(
      () => null,
      (caught: unknown) => caught,
    );
    const chain: unknown[] = [];
    for (let link = refused; link; link = (link as { cause?: unknown }).cause) chain.push(link);
    const outbound = chain.find((link) => link instanceof OutboundTargetRefused) as OutboundTargetRefused | undefined;
    expect(outbound?.message).toContain('The issuer URL must start with https://');
    expect(connections).toBe(before);
  });

  test('the same document, its endpoint on https, is refused for the private address', async () => {
    const issuer = `http://127.0.0.1:${port}`;
    discoveryDocument = { ...discoveryDocument, issuer, token_endpoint: 'https://[::ffff:169.254.169.254]/token' };
    const config = await discoverProvider({ issuer, clientId: 'cifer', clientSecret: 'secret' }, { targets: development, now });
    const refused = await oidc.refreshTokenGrant(config, 'a-refresh-token').then(
      () => null,
      (caught: unknown) => caught,
    );
    const chain: unknown[] = [];
    for (let link = refused; link; link = (link as { cause?: unknown }).cause) chain.push(link);
    expect(chain.some((link) => link instanceof OutboundTargetRefused && link.message.includes('private or link-local'))).toBe(true);
  });
});
