import type { FastifyInstance } from 'fastify';
import {
  CreateConsultationInputSchema,
  UpdateConsultationInputSchema,
  type ConsultationRequest,
  type ConsultationRequestList,
  type CreateConsultationResponse,
} from '@/contracts/consultations.ts';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { createConsultationRequest } from './create-consultation-request.ts';
import { listConsultationRequests, updateConsultationStatus } from './consultation-repository.ts';

/** A public form that sends e-mail: a few per hour per address and per IP is plenty for a person. */
export const CONSULTATION_LIMIT_PER_IP = 5;
export const CONSULTATION_LIMIT_PER_EMAIL = 3;
export const CONSULTATION_WINDOW_MS = 60 * 60_000;

const IdParamsSchema = z.object({ id: z.uuid('Unknown consultation request') });

export async function consultationRoutes(app: FastifyInstance) {
  app.post('/api/consultations', { config: { access: 'public' } }, async (request, reply): Promise<CreateConsultationResponse> => {
    const input = parseInput(CreateConsultationInputSchema, request.body);
    for (const [key, limit] of [
      [`consultation:ip:${request.ip}`, CONSULTATION_LIMIT_PER_IP],
      [`consultation:email:${input.email.toLowerCase()}`, CONSULTATION_LIMIT_PER_EMAIL],
    ] as const) {
      const hit = await app.rateLimiter.hit(key, limit, CONSULTATION_WINDOW_MS);
      if (!hit.allowed) {
        throw new AppError('rate_limited', 'Too many consultation requests. Please try again later or e-mail us directly.', {
          retryAfterSeconds: hit.retryAfterSeconds,
        });
      }
    }
    const id = await createConsultationRequest({ db: app.db, mailer: app.mailer, salesEmail: app.env.SALES_EMAIL, input, now: app.now() });
    request.log.info({ consultationId: id }, 'consultation request stored');
    void reply.status(201);
    return { id, message: 'Thank you. Your consultation request has been received.' };
  });

  app.get('/api/admin/consultations', { config: { access: 'admin' } }, async (): Promise<ConsultationRequestList> => {
    return { requests: await listConsultationRequests(app.db) };
  });

  app.patch('/api/admin/consultations/:id', { config: { access: 'admin' } }, async (request): Promise<ConsultationRequest> => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { status } = parseInput(UpdateConsultationInputSchema, request.body);
    const updated = await updateConsultationStatus(app.db, id, status);
    if (!updated) throw new AppError('not_found', 'Consultation request not found');
    return updated;
  });
}
