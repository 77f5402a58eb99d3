import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateConsultationInputSchema, CreateConsultationResponseSchema } from '@/contracts/consultations.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { createConsultationRequest } from './create-consultation-request.ts';

/** A public form that sends e-mail: a few per hour per address and per IP is plenty for a person. */
export const CONSULTATION_LIMIT_PER_IP = 5;
export const CONSULTATION_LIMIT_PER_EMAIL = 3;
export const CONSULTATION_WINDOW_MS = 60 * 60_000;
const TOO_MANY = 'Too many consultation requests. Please try again later or e-mail us directly.';

export async function consultationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { body: CreateConsultationInputSchema, response: { 201: CreateConsultationResponseSchema } };
  app.post('/api/consultations', { config: { access: 'public' }, schema }, async (request, reply) => {
    const input = request.body;
    await enforceRateLimit(app, `consultation:ip:${request.ip}`, CONSULTATION_LIMIT_PER_IP, CONSULTATION_WINDOW_MS, TOO_MANY);
    await enforceRateLimit(app, `consultation:email:${input.email.toLowerCase()}`, CONSULTATION_LIMIT_PER_EMAIL, CONSULTATION_WINDOW_MS, TOO_MANY);
    const id = await createConsultationRequest({ db: app.db, mailer: app.mailer, salesEmail: app.env.SALES_EMAIL, input, now: app.now() });
    request.log.info({ consultationId: id }, 'consultation request stored');
    void reply.status(201);
    return { id, message: 'Thank you. Your consultation request has been received.' };
  });
}
