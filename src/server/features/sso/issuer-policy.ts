import type { Env } from '../../env.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export type IssuerCheck = { ok: true; url: URL; allowHttp: boolean } | { ok: false; message: string };

/**
 * Which issuer URLs CIFER talks to (ADR 225): https only, except plain http to this machine
 * (loopback) outside production, so a local test provider works while a real deployment never
 * sends a client secret or trusts keys over an unencrypted connection.
 */
export function checkIssuer(issuer: string, nodeEnv: Env['NODE_ENV']): IssuerCheck {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return { ok: false, message: 'Enter the issuer URL, e.g. https://login.microsoftonline.com/<tenant>/v2.0' };
  }
  if (url.protocol === 'https:') return { ok: true, url, allowHttp: false };
  const localHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && nodeEnv !== 'production';
  if (localHttp) return { ok: true, url, allowHttp: true };
  return { ok: false, message: 'The issuer URL must start with https:// (your identity provider publishes it, e.g. https://accounts.google.com).' };
}
