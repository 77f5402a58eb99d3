import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text already written from the route's response schema (a kept answer, ADR 251):
 * Fastify sends a string with a JSON content type as it is, without serializing it again.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
