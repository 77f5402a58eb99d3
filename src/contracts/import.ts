import { z } from 'zod';
import { text } from './text.ts';

/**
 * Importing assessments (ADR 231): a file the app's export wrote (CSV or JSON), the same template
 * saved as XLSX, or a partner's CSV/XLSX of many client organisations. Files travel as base64 in a
 * JSON body, as the organisation logo does, because the API reads only JSON bodies. Every import
 * creates drafts, all or nothing.
 */

/** Largest file accepted, in bytes. */
export const IMPORT_MAX_BYTES = 1024 * 1024;
/** Most rows one file may hold (a template has about 40; a partner file one per assessment). */
export const IMPORT_MAX_ROWS = 500;
/** Most problems listed in one refusal (the rest are summarised in the message). */
export const IMPORT_MAX_ISSUES = 50;
export const IMPORT_FILE_KINDS = ['csv', 'xlsx', 'json'] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];

const MAX_BASE64_LENGTH = Math.ceil(IMPORT_MAX_BYTES / 3) * 4;

/** POST /api/assessments/import and /api/assessments/import/partner */
export const ImportFileBodySchema = z.strictObject({
  fileName: text()
    .trim()
    .min(1, 'Name the file')
    .max(255, 'The file name must be at most 255 characters')
    .regex(/\.(csv|xlsx|json)$/i, 'Choose a .csv, .xlsx or .json file'),
  contentBase64: z
    .string()
    .min(1, 'The file is empty')
    .max(MAX_BASE64_LENGTH, 'The file must be 1 MB or smaller')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The file content is not valid base64'),
});
export type ImportFileBody = z.infer<typeof ImportFileBodySchema>;

/** The kind of file, from its name's extension. */
export function importFileKind(fileName: string): ImportFileKind | null {
  const extension = /\.([a-z]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return (IMPORT_FILE_KINDS as readonly string[]).includes(extension ?? '') ? (extension as ImportFileKind) : null;
}

/** One problem of a refused file: its row (1-based; null for the file as a whole or a JSON file), the column or field, and what to fix. */
export const ImportIssueSchema = z.object({ row: z.number().int().nullable(), field: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

/** A refused import, nothing written: 400 for a bad file, 403 for a partner file naming organisations the caller may not write to (or that must pay first). */
export const ImportRefusalSchema = z.object({ code: z.enum(['bad_request', 'forbidden']), message: z.string(), issues: z.array(ImportIssueSchema) });
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

/** POST /api/assessments/import/partner → 201: the drafts created, one per row, in file order. */
export const PartnerImportResponseSchema = z.object({
  created: z.array(z.object({ row: z.number().int(), id: z.string(), organizationId: z.string(), organizationName: z.string(), title: z.string() })),
});
export type PartnerImportResponse = z.infer<typeof PartnerImportResponseSchema>;
