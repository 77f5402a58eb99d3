import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { AssessmentSchema } from '@/contracts/assessments.ts';
import { IMPORT_MAX_BYTES, ImportRefusalSchema, PartnerImportResponseSchema, type ImportIssue } from '@/contracts/import.ts';
import { ApiError, apiRequest, getErrorMessage } from '@/client/lib/api-client.ts';
import { storeAndInvalidate } from '../../shared/api/assessment-cache.ts';
import { ASSESSMENTS_KEY } from '../../shared/api/list-assessments.ts';

/** Why an import was refused: the server's message and, for a bad file, each bad row and field. */
export class ImportRefusedError extends Error {
  constructor(
    message: string,
    readonly issues: ImportIssue[],
  ) {
    super(message);
    this.name = 'ImportRefusedError';
  }
}

/** The file as base64, read in chunks so a large file does not overflow the argument list. */
async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

function refusalOf(error: unknown): ImportRefusedError {
  const parsed = error instanceof ApiError ? ImportRefusalSchema.safeParse(parseBody(error.body)) : null;
  return parsed?.success ? new ImportRefusedError(parsed.data.message, parsed.data.issues) : new ImportRefusedError(getErrorMessage(error), []);
}

/** Sends a file to an import route (ADR 231); a refusal becomes an ImportRefusedError with the rows to fix. */
async function postFile<T>(url: string, file: File, schema: ZodType<T>): Promise<T> {
  if (file.size > IMPORT_MAX_BYTES) throw new ImportRefusedError('The file must be 1 MB or smaller.', []);
  if (file.size === 0) throw new ImportRefusedError('The file is empty.', []);
  try {
    return await apiRequest('POST', url, { fileName: file.name, contentBase64: await toBase64(file) }, schema);
  } catch (error) {
    throw refusalOf(error);
  }
}

/** POST /api/assessments/import: the file becomes a new draft of the current organisation. */
export function useImportAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postFile('/api/assessments/import', file, AssessmentSchema),
    onSuccess: (assessment) => storeAndInvalidate(queryClient, assessment),
  });
}

/** POST /api/assessments/import/partner: one draft per row, each in the organisation the row names. */
export function useImportPartnerAssessments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => postFile('/api/assessments/import/partner', file, PartnerImportResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY] }),
  });
}
