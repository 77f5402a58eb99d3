import type { FastifyReply } from 'fastify';

/** What a route's serializer answers with, set by hand when a kept answer is sent as it is. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers kept as the JSON their route's own serializer wrote (`reply.serialize`: checked and
 * stripped to the response schema), as UTF-8 bytes, so the socket gets them without the text being
 * encoded again on every answer (ADR 248, ADR 251). Nothing writes to kept bytes.
 */
export function serializeForKeeping(reply: FastifyReply, payload: unknown): Buffer {
  const serialized = reply.serialize(payload);
  if (typeof serialized === 'string') return Buffer.from(serialized);
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}

/** Sends kept bytes: Fastify sends bytes with a JSON content type as they are, without serializing them again. */
export function sendKeptAnswer(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(body);
}
