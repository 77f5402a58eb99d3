import { describe, expect, test } from 'vitest';
import { checkTargetUrl, refusalOf, resolveTarget, targetPolicyOf, type HostResolver } from './outbound-target.ts';

/** Where a webhook may go (ADR 229): the SSRF rule at registration and at delivery. */

const production = targetPolicyOf({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_NETWORKS: false });
const development = targetPolicyOf({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_NETWORKS: false });
const internalNetwork = targetPolicyOf({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_NETWORKS: true });

const resolvesTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);

describe('addresses', () => {
  test.each([
    ['10.0.0.1', 'private'],
    ['172.20.1.1', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'private'],
    ['100.100.100.200', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0.0.0.0', 'not a unicast address'],
    ['::', 'not a unicast address'],
    ['224.0.0.1', 'not a unicast address'],
    ['ff02::1', 'not a unicast address'],
    ['255.255.255.255', 'not a unicast address'],
  ])('%s is refused in production (%s)', (address, reason) => {
    expect(refusalOf(address, production)).toContain(reason);
  });

  test.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1', '100.128.0.1'])('%s is a public address', (address) => {
    expect(refusalOf(address, production)).toBeNull();
  });

  test('outside production this machine is allowed; WEBHOOK_ALLOW_PRIVATE_NETWORKS allows private networks, never multicast', () => {
    expect(refusalOf('127.0.0.1', development)).toBeNull();
    expect(refusalOf('10.0.0.1', development)).toContain('private');
    expect(refusalOf('10.0.0.1', internalNetwork)).toBeNull();
    expect(refusalOf('169.254.169.254', internalNetwork)).toBeNull();
    expect(refusalOf('224.0.0.1', internalNetwork)).toContain('not a unicast address');
  });
});

describe('URLs', () => {
  test('production refuses http and loopback, [::1] included; development allows http to this machine only', () => {
    expect(() => checkTargetUrl('http://[::1]:8080/hook', production)).toThrow('must start with https://');
    expect(() => checkTargetUrl('https://[::1]:8080/hook', production)).toThrow('::1 is on this server (loopback)');
    expect(() => checkTargetUrl('https://127.0.0.1/hook', production)).toThrow('loopback');
    expect(checkTargetUrl('http://[::1]:8080/hook', development).hostname).toBe('[::1]');
    expect(checkTargetUrl('http://localhost:3000/hook', development).port).toBe('3000');
    expect(() => checkTargetUrl('http://example.com/hook', development)).toThrow('must start with https://');
    expect(checkTargetUrl('https://hooks.example.com/cifer', production).toString()).toBe('https://hooks.example.com/cifer');
  });

  test('at delivery every address of the name is checked, and the first allowed one is the one connected to', async () => {
    await expect(resolveTarget('https://hooks.example.com/x', production, resolvesTo('93.184.216.34', '192.168.1.5'))).rejects.toThrow(
      'hooks.example.com resolves to a refused address: 192.168.1.5 is a private or link-local address',
    );
    await expect(resolveTarget('https://metadata.example/x', production, resolvesTo('169.254.169.254'))).rejects.toThrow('169.254.169.254');
    await expect(resolveTarget('https://nothing.example/x', production, resolvesTo())).rejects.toThrow('did not resolve');
    const { target } = await resolveTarget('https://hooks.example.com/x', production, resolvesTo('93.184.216.34', '2606:4700::1111'));
    expect(target).toEqual({ address: '93.184.216.34', family: 4 });
    // A literal address is not looked up.
    const { target: literal } = await resolveTarget('https://[2606:4700::1111]/x', production, async () => {
      throw new Error('no lookup expected');
    });
    expect(literal).toEqual({ address: '2606:4700::1111', family: 6 });
  });

  test('http to localhost outside production must resolve to this machine', async () => {
    await expect(resolveTarget('http://localhost:3000/x', development, resolvesTo('127.0.0.1'))).resolves.toMatchObject({
      target: { address: '127.0.0.1' },
    });
    await expect(resolveTarget('http://localhost:3000/x', internalNetwork, resolvesTo('10.0.0.8'))).rejects.toThrow(
      'must start with https://',
    );
  });
});
