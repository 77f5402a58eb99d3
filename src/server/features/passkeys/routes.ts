import type { FastifyInstance } from 'fastify';

/** Passkeys (WebAuthn, ADR 226). */
export async function passkeyRoutes(_fastify: FastifyInstance) {}
