import { AppError } from '../../errors.ts';
import { OutboundTargetRefused } from '../../lib/outbound-target.ts';
import { checkIssuer } from './issuer-policy.ts';
import { readDiscovery, type ProviderContext } from './provider-client.ts';
import { classifyProviderError } from './sign-in-failure.ts';

/**
 * Reads the issuer's discovery document when a connection is saved, so a wrong issuer URL or an
 * unreachable provider is a clear 400 for the owner now, not a failed sign-in for someone later.
 */
export async function assertProviderReachable(settings: { issuer: string; clientId: string }, context: ProviderContext): Promise<void> {
  const issuer = checkIssuer(settings.issuer, context.targets);
  if (!issuer.ok) throw new AppError('bad_request', issuer.message, { issues: [{ path: 'issuer', message: issuer.message }] });
  try {
    await readDiscovery(settings, context);
  } catch (error) {
    const refused = outboundRefusalIn(error);
    if (refused) throw new AppError('bad_request', refused.message, { issues: [{ path: 'issuer', message: refused.message }] });
    const { reason } = classifyProviderError(error);
    const message =
      reason === 'network' || reason === 'OAUTH_TIMEOUT'
        ? `CIFER could not reach ${settings.issuer}. Check the issuer URL and that the provider is reachable from the internet, then save again.`
        : `${settings.issuer} did not answer with an OpenID Connect discovery document for this issuer (${discoveryUrlOf(settings.issuer)}). Check the issuer URL your provider shows, then save again.`;
    throw new AppError('bad_request', message, { issues: [{ path: 'issuer', message }] });
  }
}

/** openid-client wraps what its fetch threw: the outbound rule's refusal is found down the cause chain. */
function outboundRefusalIn(error: unknown): OutboundTargetRefused | undefined {
  for (let link = error, depth = 0; link && depth < 6; depth += 1) {
    if (link instanceof OutboundTargetRefused) return link;
    link = typeof link === 'object' && 'cause' in link ? (link as { cause: unknown }).cause : undefined;
  }
  return undefined;
}

function discoveryUrlOf(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}
