import { z } from 'zod';

/**
 * Calls of the reports area. The report itself (GET /api/assessments/:id/report)
 * answers with the report model of src/reports/report-model.ts (`ReportModel`), and
 * GET /api/assessments/:id/what-changed with `{ whatChanged: WhatChanged | null }` from
 * src/reports/what-changed.ts, and GET /api/reports/latest with `{ report: ReportModel | null }` (the
 * latest completed assessment's, ADR 125): one model for the PDF, the deck, the workbook and /presentation.
 */

/** Largest logo accepted, in bytes of the image file. */
export const LOGO_MAX_BYTES = 500 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** ?against=<id>: the earlier assessment to compare with (default: the previous completed one). */
export const ReportQuerySchema = z.object({
  against: z.uuid('against must be the id of a completed assessment').optional(),
});

/**
 * GET /api/reports/latest: `whatChanged=ifReady` answers at once with the waterfall if it is already
 * computed, else without its slide and with `whatChangedPending: true` (ADR 129); the default waits.
 */
export const LatestReportQuerySchema = z.object({
  whatChanged: z.enum(['wait', 'ifReady'], 'whatChanged must be wait or ifReady').optional(),
});

/** Base64 of LOGO_MAX_BYTES, rounded up to whole 4-character groups. */
const LOGO_MAX_BASE64_LENGTH = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

/** PUT /api/organization/logo (JSON, because the API accepts only JSON bodies). */
export const UploadLogoBodySchema = z.strictObject({
  contentType: z.enum(LOGO_CONTENT_TYPES, 'The logo must be a PNG or JPEG image'),
  dataBase64: z
    .string()
    .min(1, 'Choose an image file')
    .max(LOGO_MAX_BASE64_LENGTH, 'The logo must be 500 KB or smaller')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The logo data is not valid base64'),
});
export type UploadLogoBody = z.infer<typeof UploadLogoBodySchema>;

/** GET/PUT /api/organization/logo: the stored logo's description (the image is at /api/organization/logo/image). */
export const OrganizationLogoSchema = z.object({
  contentType: z.enum(LOGO_CONTENT_TYPES),
  byteLength: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  updatedAt: z.string(),
  /** Whether the signed-in user may replace or remove it. */
  canManage: z.boolean(),
});

/** GET /api/organization/logo */
export const OrganizationLogoResponseSchema = z.object({ logo: OrganizationLogoSchema.nullable(), canManage: z.boolean() });
export type OrganizationLogoResponse = z.infer<typeof OrganizationLogoResponseSchema>;

/**
 * The report model (`ReportModel` of src/reports/report-model.ts) and the waterfall (`WhatChanged`
 * of src/reports/what-changed.ts) are described there, in TypeScript: src/reports builds on the
 * contracts, so the contracts cannot name them. The answers pass them through whole (ADR 210).
 */
const ReportModelObjectSchema = z.custom<object>((value) => typeof value === 'object' && value !== null, 'Expected the report model');

/** GET /api/assessments/:id/report */
export const ReportResponseSchema = ReportModelObjectSchema;

/** GET /api/assessments/:id/what-changed */
export const WhatChangedResponseSchema = z.object({ whatChanged: ReportModelObjectSchema.nullable() });

/** GET /api/reports/latest */
export const LatestReportResponseSchema = z.object({ report: ReportModelObjectSchema.nullable(), whatChangedPending: z.literal(true).optional() });

/** `:id` of a report route: any string, so a malformed id gets the same 404 as an unknown assessment. */
export const ReportParamsSchema = z.object({ id: z.string() });
