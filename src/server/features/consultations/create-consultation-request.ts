import {
  COMPANY_SIZE_LABELS,
  CONSULTATION_INDUSTRY_LABELS,
  CONSULTATION_SERVICE_LABELS,
  type CreateConsultationInputSchema,
} from '@/contracts/consultations.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { insertConsultationRequest } from './consultation-repository.ts';

type ConsultationInput = z.output<typeof CreateConsultationInputSchema>;

/** Keeps a header line on one line (a subject built from user text must not carry CR/LF). */
export function toHeaderText(value: string, max = 120): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
}

/** Stores the request and queues one e-mail to sales; the outbox delivers it. */
export async function createConsultationRequest(options: {
  db: Database;
  mailer: Mailer;
  salesEmail: string;
  input: ConsultationInput;
  now: Date;
}): Promise<string> {
  const { db, mailer, salesEmail, input, now } = options;
  const id = await insertConsultationRequest(db, { ...input, createdAt: now });
  await mailer.send({
    to: salesEmail,
    subject: `New consultation request: ${toHeaderText(input.company)} (${CONSULTATION_SERVICE_LABELS[input.service]})`,
    text: [
      'A consultation request arrived from the CIFER landing page.',
      '',
      `Name: ${input.name}`,
      `Work e-mail: ${input.email}`,
      `Company: ${input.company}`,
      `Company size: ${COMPANY_SIZE_LABELS[input.companySize]}`,
      `Industry: ${CONSULTATION_INDUSTRY_LABELS[input.industry]}`,
      `Service of interest: ${CONSULTATION_SERVICE_LABELS[input.service]}`,
      '',
      'Message:',
      input.message || '(none)',
      '',
      `Request id: ${id}`,
      'All consultation requests are listed in CIFER under Admin > Consultation requests.',
    ].join('\n'),
  });
  return id;
}
