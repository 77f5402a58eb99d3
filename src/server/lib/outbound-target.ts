import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Env } from '../env.ts';

/**
 * Where the server may connect when a customer chooses the address (ADR 229, ADR 288): webhook
 * receivers and SSO identity providers (the issuer and every URL its discovery document names).
 * Without this rule the server would call any address its network reaches (SSRF): cloud metadata
 * at 169.254.169.254, an admin panel on 10.x, a database on localhost. The URL is checked when it
 * is saved, and its host name resolved and every address checked again at each use, which then
 * connects to the address checked (pinnedLookup), so DNS cannot answer differently in between.
 */
export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: receivers on an internal network. */
  allowPrivateNetworks: boolean;
  /** Outside production, a receiver on this machine (http too): development and tests. */
  allowLoopback: boolean;
}

export function targetPolicyOf(env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'>): TargetPolicy {
  return { allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS, allowLoopback: env.NODE_ENV !== 'production' };
}

/** A refused target: its message names the rule, so the owner can fix the URL. */
export class OutboundTargetRefused extends Error {
  override name = 'OutboundTargetRefused';
}

/** How a message names the URL refused, e.g. "The webhook URL", "The issuer URL". */
export type TargetLabel = string;
const WEBHOOK_LABEL = 'The webhook URL';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** node:dns lookup with `all: true`; tests pass a fake to make a name resolve to a private address. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

function blockListOf(ranges: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return list;
}

// BlockList also matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 ranges.
const LOOPBACK = blockListOf([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const PRIVATE = blockListOf([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
]);
/** Never a receiver, whatever the configuration: no host listens on these. */
const NEVER = blockListOf([
  ['0.0.0.0', 8, 'ipv4'], // unspecified, "this network"
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['ff00::', 8, 'ipv6'], // multicast
]);

/** Why this address may not receive webhooks, or null when it may. */
export function refusalOf(address: string, policy: TargetPolicy): string | null {
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (NEVER.check(address, type)) return `${address} is not a unicast address`;
  if (LOOPBACK.check(address, type))
    return policy.allowLoopback || policy.allowPrivateNetworks ? null : `${address} is on this server (loopback)`;
  if (PRIVATE.check(address, type)) return policy.allowPrivateNetworks ? null : `${address} is a private or link-local address`;
  return null;
}

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function isLoopbackHost(host: string): boolean {
  if (LOOPBACK_NAMES.has(host.toLowerCase())) return true;
  const version = isIP(host);
  return version !== 0 && LOOPBACK.check(host, version === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The registration check: https (http only to this machine outside production), no user name or
 * password in the URL, and an IP-literal host must be allowed. A host name is checked when delivering.
 */
export function checkTargetUrl(raw: string, policy: TargetPolicy, label: TargetLabel = WEBHOOK_LABEL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundTargetRefused(`${label} is not a valid URL`);
  }
  const host = hostOf(url);
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && isLoopbackHost(host))) throw new OutboundTargetRefused(`${label} must start with https://`);
  } else if (url.protocol !== 'https:') {
    throw new OutboundTargetRefused(`${label} must start with https://`);
  }
  if (url.username || url.password) throw new OutboundTargetRefused(`${label} must not contain a user name or password`);
  if (isIP(host) !== 0) {
    const refusal = refusalOf(host, policy);
    if (refusal) throw new OutboundTargetRefused(`${label} cannot be used: ${refusal}`);
  }
  return url;
}

/**
 * The delivery check: the URL again, then every address its host resolves to (one bad address
 * refuses the name: DNS could hand out either). Returns the address to connect to.
 */
export async function resolveTarget(
  raw: string,
  policy: TargetPolicy,
  resolve: HostResolver,
  label: TargetLabel = WEBHOOK_LABEL,
): Promise<{ url: URL; target: ResolvedAddress }> {
  const url = checkTargetUrl(raw, policy, label);
  const host = hostOf(url);
  const version = isIP(host);
  const addresses = version !== 0 ? [{ address: host, family: version as 4 | 6 }] : await resolve(host);
  if (addresses.length === 0) throw new OutboundTargetRefused(`${host} did not resolve to any address`);
  for (const { address } of addresses) {
    const refusal = refusalOf(address, policy);
    if (refusal) throw new OutboundTargetRefused(`${host} resolves to a refused address: ${refusal}`);
  }
  // Plain http is allowed only to this machine: a name such as localhost must resolve there too.
  if (url.protocol === 'http:' && !addresses.every(({ address }) => isLoopbackHost(address)))
    throw new OutboundTargetRefused(`${label} must start with https://`);
  return { url, target: addresses[0]! };
}

/**
 * A lookup that answers the address already checked whatever name is asked: the connection goes
 * where the check looked, with no second DNS answer to race. The URL's host name still goes out as
 * the Host header and the TLS server name, so certificates are verified against it as usual.
 */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}
