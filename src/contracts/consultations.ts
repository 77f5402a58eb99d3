import { z } from 'zod';
import { text } from './text.ts';

export const COMPANY_SIZES = ['10-49', '50-99', '100-249', '250-500', '500+'] as const;
export const COMPANY_SIZE_LABELS: Record<(typeof COMPANY_SIZES)[number], string> = {
  '10-49': '10-49 employees',
  '50-99': '50-99 employees',
  '100-249': '100-249 employees',
  '250-500': '250-500 employees',
  '500+': 'More than 500 employees',
};

export const CONSULTATION_INDUSTRIES = ['healthcare', 'financial_services', 'manufacturing', 'other'] as const;
export const CONSULTATION_INDUSTRY_LABELS: Record<(typeof CONSULTATION_INDUSTRIES)[number], string> = {
  healthcare: 'Healthcare',
  financial_services: 'Financial services',
  manufacturing: 'Manufacturing',
  other: 'Other',
};

/** Spec section 1: the consultation services and the platform plan, with their price ranges. */
export const CONSULTATION_SERVICES = [
  'one_time_assessment',
  'jumpstart_onboarding',
  'retainer',
  'platform_subscription',
  'not_sure',
] as const;
export const CONSULTATION_SERVICE_LABELS: Record<(typeof CONSULTATION_SERVICES)[number], string> = {
  one_time_assessment: 'One-time assessment ($5K-$15K+)',
  jumpstart_onboarding: 'Jumpstart onboarding ($2.5K-$5K)',
  retainer: 'Retainer ($3K-$10K/month)',
  platform_subscription: 'Platform subscription (from $250/month)',
  not_sure: 'Not sure yet',
};

export const CONSULTATION_MESSAGE_MAX = 5000;

/** POST /api/consultations: the landing page's consultation form. Messages follow the spec's style. */
export const CreateConsultationInputSchema = z.strictObject({
  name: text().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  email: text().trim().max(320, 'Email address is too long').pipe(z.email('Please enter a valid work email address')),
  company: text().trim().min(1, 'Company name is required').max(200, 'Company name is too long'),
  companySize: z.enum(COMPANY_SIZES, 'Please select your company size'),
  industry: z.enum(CONSULTATION_INDUSTRIES, 'Please select your industry'),
  service: z.enum(CONSULTATION_SERVICES, 'Please select a service'),
  message: text().trim().max(CONSULTATION_MESSAGE_MAX, 'Message must be at most 5000 characters').default(''),
});
export type CreateConsultationInput = z.input<typeof CreateConsultationInputSchema>;

export const CreateConsultationResponseSchema = z.object({ id: z.string(), message: z.string() });
export type CreateConsultationResponse = z.infer<typeof CreateConsultationResponseSchema>;

export const CONSULTATION_STATUSES = ['new', 'contacted', 'closed'] as const;
export const ConsultationStatusSchema = z.enum(CONSULTATION_STATUSES);
export type ConsultationStatus = z.infer<typeof ConsultationStatusSchema>;

export const ConsultationRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  companySize: z.string(),
  industry: z.string(),
  service: z.string(),
  message: z.string(),
  status: ConsultationStatusSchema,
  createdAt: z.string(),
});
export type ConsultationRequest = z.infer<typeof ConsultationRequestSchema>;

