import { z } from 'zod';
import { text } from './text.ts';

/** Spec section 9: a TOTP code has 6 digits, a backup code 8 characters A-Z0-9 (single-use). */
export const BACKUP_CODE_LENGTH = 8;
export const BACKUP_CODE_COUNT = 10;

export const TotpCodeSchema = text().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
/** Upper-cased by the client (spec section 5); the server also accepts lower case, spaces and hyphens (BC-06). */
export const BackupCodeSchema = text()
  .max(32, 'Backup code is too long')
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/, 'Enter an 8-character backup code (letters A-Z and digits)'));

/** GET /api/mfa/status */
export const MfaStatusSchema = z.object({
  totpEnabled: z.boolean(),
  sessionMfaComplete: z.boolean(),
  backupCodesCount: z.number().int().min(0),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** POST /api/mfa/totp/setup */
export const TotpSetupResponseSchema = z.object({
  qrCodeUri: z.string(),
  manualEntryKey: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>;

/** POST /api/mfa/totp/verify-setup */
export const VerifySetupInputSchema = z.strictObject({ code: TotpCodeSchema });
export type VerifySetupInput = z.infer<typeof VerifySetupInputSchema>;

export const MfaMethodSchema = z.enum(['totp', 'backup']);
export type MfaMethod = z.infer<typeof MfaMethodSchema>;

/** POST /api/mfa/verify: strict, so a client cannot smuggle `mfaVerified: true` (MFA-03). */
export const MfaVerifyInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('totp'), code: TotpCodeSchema }),
  z.strictObject({ type: z.literal('backup'), code: BackupCodeSchema }),
]);
export type MfaVerifyInput = z.input<typeof MfaVerifyInputSchema>;

export const MfaVerifyResponseSchema = z.object({ method: MfaMethodSchema });

/** Setup-verification and regeneration responses: the only answers that ever carry codes (BC-08). */
export const BackupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });

/** POST /api/mfa/totp/disable and /api/mfa/backup-codes/regenerate take no body (security.md decision 5). */
export const EmptyBodySchema = z.strictObject({});

/** POST /api/mfa/test: a self-check that changes nothing (no step consumed, no session change). */
export const MfaTestInputSchema = z.strictObject({ code: TotpCodeSchema });
export type MfaTestInput = z.infer<typeof MfaTestInputSchema>;
export const MfaTestResponseSchema = z.object({
  /** True when the code would be accepted now (current or previous 30-second step). */
  match: z.boolean(),
  /** Device clock offset in 30-second steps (negative = behind), or null when no nearby step matched. */
  offsetSteps: z.number().int().nullable(),
  offsetSeconds: z.number().int().nullable(),
  serverTime: z.string(),
});
export type MfaTestResponse = z.infer<typeof MfaTestResponseSchema>;

/** POST /api/mfa/unlock: the link e-mailed after a hard lock-out. */
export const MfaUnlockInputSchema = z.strictObject({ token: text().min(10).max(300) });
export type MfaUnlockInput = z.infer<typeof MfaUnlockInputSchema>;

