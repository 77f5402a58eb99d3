import type { z } from 'zod';
import { SsoConnectionInputSchema, SsoDomainNameSchema, type SsoConnection, type SsoConnectionUpdate } from '@/contracts/sso.ts';
import { text } from '@/contracts/text.ts';

/**
 * The add/edit form of an SSO connection. It follows the contract's schema, except two fields a
 * person types differently: the domains are one text box (one per line or comma-separated), and on
 * edit the client secret may stay blank, which keeps the stored one (the server never sends it back).
 */

/** The entries of the domains box: split on new lines, commas, semicolons and spaces. */
export function splitDomainList(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Each entry is checked on its own so the message names the one to fix; duplicates are dropped. */
const domainListField = text()
  .transform((value, context) => {
    const domains: string[] = [];
    for (const entry of splitDomainList(value)) {
      const parsed = SsoDomainNameSchema.safeParse(entry);
      if (parsed.success) domains.push(parsed.data);
      else context.addIssue({ code: 'custom', message: `${entry}: ${parsed.error.issues[0]?.message ?? 'Enter a domain such as example.com'}` });
    }
    return [...new Set(domains)];
  })
  .pipe(SsoConnectionInputSchema.shape.domains);

export const NewConnectionFormSchema = SsoConnectionInputSchema.extend({ domains: domainListField });

export const EditConnectionFormSchema = SsoConnectionInputSchema.extend({
  domains: domainListField,
  clientSecret: text().max(1000, 'Client secret is too long'),
});

export type ConnectionFormValues = z.input<typeof NewConnectionFormSchema>;
export type ConnectionFormOutput = z.output<typeof NewConnectionFormSchema> | z.output<typeof EditConnectionFormSchema>;

export const EMPTY_CONNECTION_FORM: ConnectionFormValues = { name: '', issuer: '', clientId: '', clientSecret: '', domains: '', defaultRole: 'member', required: false };

/** The form filled from a stored connection; the secret starts blank (kept unless retyped). */
export function connectionFormValues(connection: SsoConnection): ConnectionFormValues {
  return {
    name: connection.name,
    issuer: connection.issuer,
    clientId: connection.clientId,
    clientSecret: '',
    domains: connection.domains.map((domain) => domain.domain).join('\n'),
    defaultRole: connection.defaultRole,
    required: connection.required,
  };
}

/** PATCH body: a blank secret is left out, so the server keeps the stored one. */
export function toConnectionUpdate(values: ConnectionFormOutput): SsoConnectionUpdate {
  const { clientSecret, ...rest } = values;
  return clientSecret === '' ? rest : { ...rest, clientSecret };
}
