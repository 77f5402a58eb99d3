import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GETs of the public API (ADR 228): a weak entity tag names one version of an object
 * (its id and the time it last changed), so a client that polls gets a 304 with no body while
 * nothing changed. Weak, because the answer is the same object, not the same bytes (headers and
 * number formatting may vary between versions of the app).
 */
export function weakEtag(id: string, changedAt: string): string {
  return `W/"${id}-${Date.parse(changedAt).toString(36)}"`;
}

/** The tags of an If-None-Match header ("*" matches any), compared weakly as RFC 9110 asks for GET. */
function matches(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sets the ETag of the answer and tells whether the client already holds this version: the caller
 * then answers 304 with no body.
 */
export function isNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  void reply.header('etag', etag);
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && matches(header, etag);
}
