import { ApiError } from '@/client/lib/api-client.ts';

/** Spec section 5: a TOTP code is digits only, at most 6. */
export function sanitizeTotpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/** Spec section 5: a backup code is upper-cased, A-Z and 0-9 only, at most 8. */
export function sanitizeBackupCodeInput(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 8);
}

/** The machine-readable reason of an API refusal (e.g. 'step_up_required'), if any. */
export function getErrorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    return parsed && typeof parsed === 'object' && 'code' in parsed && typeof parsed.code === 'string' ? parsed.code : null;
  } catch {
    return null;
  }
}

export const BACKUP_CODES_FILE_NAME = 'cifer-backup-codes.txt';

/** The downloaded file (spec section 3): a generated-on date, one code per line, the single-use note. */
export function buildBackupCodesFile(codes: string[], generatedAt: Date): string {
  return [
    'CIFER backup codes',
    `Generated on: ${generatedAt.toISOString().slice(0, 10)}`,
    '',
    ...codes,
    '',
    'Each backup code can be used only once. Keep them somewhere safe.',
    '',
  ].join('\n');
}

/** How the verify response's method is named in the 'Authenticated via {method}' toast. */
export function describeMfaMethod(method: string): string {
  return method === 'backup' ? 'backup code' : 'authenticator app (TOTP)';
}
