import { z } from 'zod';
import { text } from './text.ts';

/** The platform roles, the one list: every other declaration (server types, admin filters, labels) derives from it. */
export const PLATFORM_ROLES = ['user', 'admin', 'super_admin'] as const;
export const RoleSchema = z.enum(PLATFORM_ROLES);
export type Role = z.infer<typeof RoleSchema>;
/** The platform roles that may open the admin screens and routes. */
export type AdminRole = Exclude<Role, 'user'>;

/** GET /api/auth/user: only safe fields. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Spec section 9 and security.md decision 1. */
export const PASSWORD_MIN_LENGTH = 14;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

/** Spec section 5: the exact messages the forms show (client and server share them). */
export const AUTH_MESSAGES = {
  accessEmail: 'Invalid email address',
  loginEmail: 'Please enter a valid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  companyRequired: 'Company name is required',
  accessPasswordMin: 'Password must be at least 14 characters',
  signUpPasswordMin: 'Password must be at least 14 characters long',
  passwordComposition: 'Password must contain uppercase, lowercase, and numbers',
  passwordRequired: 'Password is required',
  passwordMax: 'Password must be at most 128 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: "Passwords don't match",
  resetEmailRequired: 'Please enter your email address.',
  currentPasswordRequired: 'Current password is required',
  resetSuccess: 'If an account with this email exists, you will receive a password reset link.',
} as const;

/** Passwords are counted in Unicode code points, not UTF-16 units (PWD-01). */
export function countCodePoints(value: string): number {
  return Array.from(value).length;
}

function emailField(message: string) {
  // A trimmed, simple (ReDoS-free) check; the server lower-cases before storing or comparing.
  return text()
    .trim()
    .max(EMAIL_MAX_LENGTH, message)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, message);
}

const requiredName = (message: string) => text().trim().min(1, message).max(NAME_MAX_LENGTH, `Must be at most ${NAME_MAX_LENGTH} characters`);
const optionalText = (max: number) => text().trim().max(max, `Must be at most ${max} characters`).optional();

function lengthCheckedPassword(minMessage: string) {
  return text()
    .refine((value) => countCodePoints(value) >= PASSWORD_MIN_LENGTH, minMessage)
    .refine((value) => countCodePoints(value) <= PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax);
}

/** Sign-up, reset and change-password rule: 14+ code points with upper, lower and a digit (spec; ADR 020). */
export const NewPasswordSchema = lengthCheckedPassword(AUTH_MESSAGES.signUpPasswordMin).refine(
  (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
  AUTH_MESSAGES.passwordComposition,
);

/** Access-request rule: 14+ code points only. */
export const AccessRequestPasswordSchema = lengthCheckedPassword(AUTH_MESSAGES.accessPasswordMin);

// ---- Log in ----------------------------------------------------------------------------

export const LoginInputSchema = z.strictObject({
  email: emailField(AUTH_MESSAGES.loginEmail),
  password: text().min(1, AUTH_MESSAGES.passwordRequired).max(1024, AUTH_MESSAGES.passwordMax),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const LoginResponseSchema = z.object({ message: z.string(), requiresPayment: z.boolean() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

// ---- Sign up (POST /api/auth/register without confirmPassword) --------------------------

const signUpFields = {
  email: emailField(AUTH_MESSAGES.loginEmail),
  password: NewPasswordSchema,
  firstName: requiredName(AUTH_MESSAGES.firstNameRequired),
  lastName: requiredName(AUTH_MESSAGES.lastNameRequired),
  company: requiredName(AUTH_MESSAGES.companyRequired),
};

/** What the API takes: strict, so `role`, `status` or any other extra field is refused (AC-04). */
export const SignUpInputSchema = z.strictObject(signUpFields);
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** The sign-up form: the API fields plus the confirmation (not sent). */
export const SignUpFormSchema = z
  .object({ ...signUpFields, confirmPassword: text().min(1, AUTH_MESSAGES.confirmRequired) })
  .refine((value) => value.password === value.confirmPassword, { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

export const SignUpResponseSchema = z.object({ message: z.string(), requiresPayment: z.boolean() });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

// ---- Request account access (POST /api/auth/register with confirmPassword) ---------------

export const AccessRequestInputSchema = z
  .strictObject({
    email: emailField(AUTH_MESSAGES.accessEmail),
    firstName: requiredName(AUTH_MESSAGES.firstNameRequired),
    lastName: requiredName(AUTH_MESSAGES.lastNameRequired),
    company: optionalText(NAME_MAX_LENGTH),
    phone: optionalText(40),
    message: optionalText(2000),
    password: AccessRequestPasswordSchema,
    confirmPassword: text().min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((value) => value.password === value.confirmPassword, { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type AccessRequestInput = z.infer<typeof AccessRequestInputSchema>;

export const AccessRequestResponseSchema = z.object({ message: z.string() });
export type AccessRequestResponse = z.infer<typeof AccessRequestResponseSchema>;

/** POST /api/auth/register answers either shape. */
export const RegisterResponseSchema = z.union([SignUpResponseSchema, AccessRequestResponseSchema]);

/** The one answer to every access request, known address or not (AUTH-04). */
export const ACCESS_REQUEST_RECEIVED_MESSAGE =
  'Thank you. Your request has been received. An administrator will review it and you will receive an e-mail once a decision is made.';

// ---- Password reset ---------------------------------------------------------------------

export const PasswordResetRequestSchema = z.strictObject({
  email: text()
    .trim()
    .min(1, AUTH_MESSAGES.resetEmailRequired)
    .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.loginEmail)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AUTH_MESSAGES.loginEmail),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** Spec section 3: the reset response reads success and error. */
export const PasswordResetResponseSchema = z.object({ success: z.boolean(), message: z.string().optional(), error: z.string().optional() });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponseSchema>;

/** POST /api/reset-password: the token from the e-mailed link and the new password. */
export const ResetPasswordInputSchema = z.strictObject({
  token: text().min(20, 'The reset link is incomplete').max(200, 'The reset link is invalid'),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: text().min(1, AUTH_MESSAGES.confirmRequired) })
  .refine((value) => value.password === value.confirmPassword, { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

// ---- Change password (signed in) ----------------------------------------------------------

export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: text().min(1, AUTH_MESSAGES.currentPasswordRequired).max(1024, AUTH_MESSAGES.passwordMax),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: text().min(1, AUTH_MESSAGES.currentPasswordRequired),
    newPassword: NewPasswordSchema,
    confirmPassword: text().min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: AUTH_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

// ---- Own sessions -------------------------------------------------------------------------

/** GET /api/auth/sessions: one row per active session; `id` is an opaque handle, not the token or its hash. */
export const SessionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  mfaVerified: z.boolean(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;
export const SessionListResponseSchema = z.array(SessionSummarySchema);

/** DELETE /api/auth/sessions/:id: the handle of one of the caller's own sessions. */
// The pattern refuses NUL and surrogates itself, with the one message an unknown handle gets.
export const SessionParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Unknown session') });

/** POST /api/auth/sessions/revoke-others */
export const RevokeOtherSessionsResponseSchema = z.object({ message: z.string(), revoked: z.number().int() });
