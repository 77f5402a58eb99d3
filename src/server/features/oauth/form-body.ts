import type { FastifyInstance } from 'fastify';
import { OAuthError } from './oauth-error.ts';

/** OAuth requests are small; anything bigger is not one. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The token and revocation endpoints take `application/x-www-form-urlencoded` (RFC 6749 section
 * 3.2). Parsed with URLSearchParams; a parameter sent twice is refused, as the RFC requires
 * (section 3.1), rather than one of its values chosen silently. Registered inside the OAuth
 * endpoints' plugin only: the rest of the API stays JSON-only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_request, body, done) => {
    const fields = new Map<string, string>();
    for (const [name, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
      if (fields.has(name)) {
        done(new OAuthError('invalid_request', `The parameter ${name} was sent more than once.`), undefined);
        return;
      }
      fields.set(name, value);
    }
    // Own properties only (a parameter named __proto__ stays a plain field).
    done(null, Object.fromEntries(fields));
  });
}

/** A form or JSON body's string parameter, or undefined; anything but a string (or a repeated query parameter) is refused. */
export function stringParam(source: unknown, name: string): string | undefined {
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `The parameter ${name} must be sent once, as text.`);
  return value;
}
