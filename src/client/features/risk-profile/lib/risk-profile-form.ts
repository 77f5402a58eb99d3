import { z } from 'zod';
import {
  RiskProfileSettingsSchema,
  SUB_LIMIT_IDS,
  type RiskProfile,
  type RiskProfileSettings,
  type SubLimitId,
} from '@/contracts/risk-profile.ts';

/**
 * The settings form holds what the user typed (text, so "1,000,000" and an empty box are fine);
 * it is checked by converting it and running the contract's own schema, so the screen and the
 * server refuse exactly the same things.
 */
export interface RiskProfileFormValues {
  hasPolicy: boolean;
  limitUsd: string;
  retentionUsd: string;
  coinsurancePercent: string;
  subLimits: Record<SubLimitId, string>;
  appetiteUsd: string;
  budgetUsd: string;
}

const blank = (value: string) => value.trim() === '';
/** "1,000,000", "$250000" → 1000000; "" → null; anything else → NaN (the schema says why). */
function toNumber(value: string): number | null {
  if (blank(value)) return null;
  const cleaned = value.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export function toSettings(values: RiskProfileFormValues): RiskProfileSettings {
  const subLimits = Object.fromEntries(SUB_LIMIT_IDS.map((id) => [id, toNumber(values.subLimits[id])])) as Record<
    SubLimitId,
    number | null
  >;
  const percent = toNumber(values.coinsurancePercent);
  return {
    policy: values.hasPolicy
      ? {
          limitUsd: toNumber(values.limitUsd) as number,
          retentionUsd: toNumber(values.retentionUsd) ?? 0,
          coinsuranceShare: percent === null ? 0 : percent / 100,
          subLimits,
        }
      : null,
    appetiteUsd: toNumber(values.appetiteUsd),
    budgetUsd: toNumber(values.budgetUsd),
  };
}

/** Where each contract path shows its message on the form. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, second, third] = path.map(String);
  if (head === 'appetiteUsd' || head === 'budgetUsd') return head;
  if (second === 'coinsuranceShare') return 'coinsurancePercent';
  if (second === 'subLimits' && third !== undefined) return `subLimits.${third}`;
  return second ?? head ?? 'root';
}

export const RiskProfileFormSchema = z.custom<RiskProfileFormValues>().superRefine((values, context) => {
  const settings = toSettings(values);
  if (values.hasPolicy && blank(values.limitUsd))
    context.addIssue({ code: 'custom', path: ['limitUsd'], message: 'Enter the aggregate limit' });
  const parsed = RiskProfileSettingsSchema.safeParse(settings);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const message = issue.code === 'invalid_type' ? 'Enter an amount in whole dollars, e.g. 1,000,000' : issue.message;
    context.addIssue({ code: 'custom', path: fieldOf(issue.path).split('.'), message });
  }
});

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** Saved amounts come back with thousands separators, as people type them. */
const asText = (value: number | null | undefined) => (value === null || value === undefined ? '' : wholeDollars.format(value));

export function toFormValues(profile: RiskProfile | undefined): RiskProfileFormValues {
  const policy = profile?.policy ?? null;
  return {
    hasPolicy: policy !== null,
    limitUsd: asText(policy?.limitUsd),
    retentionUsd: asText(policy?.retentionUsd),
    coinsurancePercent: policy ? String(Math.round(policy.coinsuranceShare * 10_000) / 100) : '',
    subLimits: Object.fromEntries(SUB_LIMIT_IDS.map((id) => [id, asText(policy?.subLimits[id])])) as Record<SubLimitId, string>,
    appetiteUsd: asText(profile?.appetiteUsd),
    budgetUsd: asText(profile?.budgetUsd),
  };
}
