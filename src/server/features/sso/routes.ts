import type { FastifyInstance } from 'fastify';

/** Single sign-on with OpenID Connect per organisation (ADR 225). */
export async function ssoRoutes(_fastify: FastifyInstance) {}
