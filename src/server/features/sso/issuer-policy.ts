import type { Env } from '../../env.ts';
import { checkTargetUrl, OutboundTargetRefused, targetPolicyOf, type TargetPolicy } from '../../lib/outbound-target.ts';

export type IssuerCheck = { ok: true; url: URL; allowHttp: boolean } | { ok: false; message: string };

const ISSUER_LABEL = 'The issuer URL';
const ISSUER_EXAMPLE = 'Enter the issuer URL your identity provider publishes, e.g. https://login.microsoftonline.com/<tenant>/v2.0';

/** The rule for identity providers is the webhook receivers' rule (ADR 288), from the same settings. */
export function issuerTargetPolicy(env: Pick<Env, 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'>): TargetPolicy {
  return targetPolicyOf(env);
}

/**
 * Which issuer URLs CIFER talks to (ADR 225, ADR 288): the outbound target rule of webhooks, i.e.
 * https only (plain http to this machine outside production, for a local test provider), and
 * never an address on this server or a private or link-local network, written in any form
 * (decimal, IPv4-mapped IPv6). A host name is resolved and checked again at each call (guardedFetch).
 */
export function checkIssuer(issuer: string, policy: TargetPolicy): IssuerCheck {
  if (!URL.canParse(issuer)) return { ok: false, message: ISSUER_EXAMPLE };
  try {
    const url = checkTargetUrl(issuer, policy, ISSUER_LABEL);
    return { ok: true, url, allowHttp: url.protocol === 'http:' };
  } catch (error) {
    if (error instanceof OutboundTargetRefused) return { ok: false, message: error.message };
    throw error;
  }
}

export { ISSUER_LABEL };
