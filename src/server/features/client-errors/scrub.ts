import { CLIENT_ERROR_MESSAGE_KEPT } from '@/contracts/client-errors.ts';

/**
 * What may be logged of a browser's error report (ADR 281). A message can quote whatever the page
 * held: an address typed into a form, a link with a reset token in its query, a bearer secret.
 * Addresses keep their path only, e-mail addresses and long token-like runs become placeholders,
 * control characters go, and the result is cut to CLIENT_ERROR_MESSAGE_KEPT characters.
 */
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;
const EMAIL_PATTERN = /[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[a-z]{2,}/gi;
// 20+ characters of letters, digits and _-.=+/ holding at least one digit: tokens, JWTs, hashes, keys.
const TOKEN_PATTERN = /(?=[A-Za-z0-9_\-.=+/]*\d)[A-Za-z0-9_\-=+/.]{20,}/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_PATTERN = /[\u0000-\u001f\u007f]+/g;
// A path segment that names someone's record or carries a secret: a number, a UUID, a long run with digits.
const IDENTIFIER_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[A-Za-z0-9_=+]*\d)[A-Za-z0-9_=+]{20,})$/i;

/** A path without query or fragment, identifiers replaced by ':id' ("/assessments/42/edit" → "/assessments/:id/edit"). */
export function scrubPath(path: string): string {
  const bare = (path.split(/[?#]/, 1)[0] ?? '/').replace(CONTROL_PATTERN, '');
  const segments = bare.split('/').map((segment) => (IDENTIFIER_SEGMENT.test(segment) || segment.length > 60 ? ':id' : segment));
  const joined = segments.join('/').slice(0, 200);
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** An address reduced to its path: "http://host/assets/x.js?token=…" → "/assets/x.js". */
function pathOf(url: string): string {
  try {
    return scrubPath(new URL(url).pathname);
  } catch {
    return '[address]';
  }
}

/** Text outside addresses: e-mail addresses and token-like runs become placeholders. */
const scrubText = (text: string) => text.replace(EMAIL_PATTERN, '[email]').replace(TOKEN_PATTERN, '[token]');

export function scrubMessage(message: string): string {
  const flat = message.replace(CONTROL_PATTERN, ' ');
  const urls = flat.match(URL_PATTERN) ?? [];
  const scrubbed = flat
    .split(URL_PATTERN)
    .map((text, index) => scrubText(text) + (index < urls.length ? pathOf(urls[index]!) : ''))
    .join('')
    .trim();
  return scrubbed.length > CLIENT_ERROR_MESSAGE_KEPT ? `${scrubbed.slice(0, CLIENT_ERROR_MESSAGE_KEPT - 1)}…` : scrubbed;
}
