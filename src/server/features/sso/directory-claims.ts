import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@/contracts/auth.ts';
import { text } from '@/contracts/text.ts';

/** The person an identity provider vouches for, as CIFER stores them. */
export interface DirectoryPerson {
  /** Lower-cased. */
  email: string;
  /**
   * `email_verified: true`, or, where a provider sends no such claim, Microsoft Entra ID's optional
   * `xms_edov: true` (the e-mail's domain is verified in the tenant). A missing claim is not a yes.
   */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const EmailClaimSchema = text()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
const NameClaimSchema = text().trim().min(1).max(NAME_MAX_LENGTH);

function nameClaim(value: unknown): string | null {
  const parsed = NameClaimSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** given_name/family_name, else `name` split at its first space, else the address's local part. */
function namesOf(claims: Record<string, unknown>, email: string): { firstName: string; lastName: string } {
  const given = nameClaim(claims.given_name);
  const family = nameClaim(claims.family_name);
  if (given) return { firstName: given, lastName: family ?? '' };
  const full = nameClaim(claims.name);
  if (full) {
    const space = full.indexOf(' ');
    return space === -1 ? { firstName: full, lastName: family ?? '' } : { firstName: full.slice(0, space), lastName: full.slice(space + 1).trim() };
  }
  return { firstName: email.slice(0, email.indexOf('@')).slice(0, NAME_MAX_LENGTH), lastName: family ?? '' };
}

const isTrue = (value: unknown) => z.literal(true).safeParse(value).success;

/** Entra ID sends `xms_edov` instead of `email_verified` (docs/sso.md); an explicit `email_verified: false` still wins. */
function isEmailVerified(claims: Record<string, unknown>): boolean {
  if ('email_verified' in claims) return isTrue(claims.email_verified);
  return isTrue(claims.xms_edov);
}

/** Reads the claims of the ID token (and user info); null when they carry no usable e-mail address. */
export function readDirectoryPerson(claims: Record<string, unknown>): DirectoryPerson | null {
  const email = EmailClaimSchema.safeParse(claims.email);
  if (!email.success) return null;
  return { email: email.data, emailVerified: isEmailVerified(claims), ...namesOf(claims, email.data) };
}
