import type { FactorId } from '../factors.ts';

/**
 * Typical SME annual cost of operating a control at the factor's best
 * answer: fixed + per-employee, low and high (USD per year, licences at
 * list price plus the outside help an SME typically buys). Every row names
 * its public source: vendor list prices where the control is a per-seat
 * product, published ranges or salary data where it is a service. Parts
 * that are priced by quote only are flagged as assumptions, with the reason
 * (ADR 212). An organisation can replace any row with its own figure
 * (`RiskInput.controlCostOverrides`).
 */
export interface ControlCostRow {
  readonly factorId: FactorId;
  readonly description: string;
  readonly fixedLowUsd: number;
  readonly fixedHighUsd: number;
  readonly perEmployeeLowUsd: number;
  readonly perEmployeeHighUsd: number;
  readonly source: string;
  /** True when part of the range is not read from a public price or survey (the source says which part and why). */
  readonly isAssumption: boolean;
}

/** Annual cost of a control for one organisation, USD. */
export interface ControlCostEstimate {
  readonly lowUsd: number;
  readonly highUsd: number;
  readonly midUsd: number;
}

/** The organisation's own annual cost of a control, replacing the typical band. */
export type ControlCostOverrides = { readonly [F in FactorId]?: { readonly annualUsd: number } };

/** Source text of a cost the organisation entered itself. */
export const OWN_COST_SOURCE = "Your organisation's own figure (entered with the assessment)";

interface RowSpec {
  readonly description: string;
  readonly fixed: readonly [number, number];
  readonly perEmployee: readonly [number, number];
  readonly source: string;
  readonly isAssumption: boolean;
}

const row = (factorId: FactorId, spec: RowSpec): ControlCostRow => ({
  factorId,
  description: spec.description,
  fixedLowUsd: spec.fixed[0],
  fixedHighUsd: spec.fixed[1],
  perEmployeeLowUsd: spec.perEmployee[0],
  perEmployeeHighUsd: spec.perEmployee[1],
  source: spec.source,
  isAssumption: spec.isAssumption,
});

/** The fixed part of a per-seat control: outside IT days, which are priced by quote (so an assumption). */
const itDays = (days: string, work = 'set-up and upkeep'): string =>
  `fixed: assumption, ${days} days a year of an outside IT provider at about $1,000 a day for ${work} (priced by quote, no public list)`;

/** The default control cost table, one row per factor. */
export const CONTROL_COSTS: readonly ControlCostRow[] = [
  row('M1', {
    description: 'Awareness training platform with phishing simulations',
    fixed: [0, 3_000],
    perEmployee: [18, 60],
    source: `per employee: KnowBe4 published seat prices, from $18 per user-year (Silver, 2025), to Microsoft Defender for Office 365 Plan 2 with Attack Simulation Training at $5 per user-month (Microsoft list price, 2025); ${itDays('up to 3', 'running the campaigns')}`,
    isAssumption: true,
  }),
  row('M2', {
    description: 'Written IR plan, yearly tabletop and restore test, offline/immutable backups',
    fixed: [3_000, 20_000],
    perEmployee: [12, 48],
    source:
      'per employee: Microsoft 365 backup services at $1-4 per user-month (Veeam/Acronis list prices, 2025) with immutable cloud copies at $6 per TB-month (Backblaze B2 list price, 2024); fixed: CISA Tabletop Exercise Packages are free (cisa.gov/ctep) at the low end; assumption, a consultant-led tabletop and restore test is priced by quote (up to $20,000 assumed)',
    isAssumption: true,
  }),
  row('M3', {
    description: 'MFA everywhere and admin-rights clean-up',
    fixed: [2_000, 10_000],
    perEmployee: [36, 72],
    source: `per employee: Cisco Duo Essentials $3 per user-month and Microsoft Entra ID P1 $6 per user-month (vendor list prices, 2025); ${itDays('2-10')}`,
    isAssumption: true,
  }),
  row('M4', {
    description: 'Patch management tooling, vulnerability scanning and a yearly penetration test',
    fixed: [9_000, 35_000],
    perEmployee: [12, 36],
    source:
      'fixed: Tenable Nessus Professional about $4,000 a year (Tenable store list price, 2025) plus a yearly penetration test of an SME network at $5,000-$30,000 (assumption, penetration tests are priced by quote; the range testing firms published in 2024-2025); per employee: patch/RMM tools at $1-3 per device-month (NinjaOne, Datto published ranges)',
    isAssumption: true,
  }),
  row('M5', {
    description: 'Endpoint configuration management with secure baselines',
    fixed: [5_000, 15_000],
    perEmployee: [0, 96],
    source: `per employee: Microsoft Intune Plan 1 $8 per user-month (Microsoft list price, 2025; $0 where already licensed through Microsoft 365 Business Premium); CIS Benchmarks are free (cisecurity.org); ${itDays('5-15', 'designing and rolling out the baselines')}`,
    isAssumption: true,
  }),
  row('M6', {
    description: 'EDR with 24/7 managed detection and response (MDR)',
    fixed: [0, 5_000],
    perEmployee: [60, 185],
    source:
      'per employee (one device each): CrowdStrike Falcon Go $59.99 to Falcon Enterprise $184.99 per device-year (CrowdStrike published prices, 2024); Microsoft Defender for Business $3 per user-month is a cheaper EDR; fixed: assumption, MDR onboarding priced by quote',
    isAssumption: true,
  }),
  row('M7', {
    description: 'Central logging with a managed SOC / SIEM service',
    fixed: [15_000, 60_000],
    perEmployee: [20, 60],
    source:
      'assumption: managed SOC/SIEM services for SMEs are priced by quote (no public list); the range is $1,250-$5,000 a month plus log volume, checked against Microsoft Sentinel pay-as-you-go ingestion prices (Azure pricing page, 2025) for 1-5 GB a day',
    isAssumption: true,
  }),
  row('M8', {
    description: 'Encryption of laptops, servers, backups and data in transit',
    fixed: [2_000, 10_000],
    perEmployee: [0, 20],
    source: `per employee: BitLocker (Windows Pro/Enterprise) and FileVault (macOS) are included in the operating system and TLS certificates are free (Let's Encrypt); key escrow and reporting at up to $20 per device-year through an MDM already in place; ${itDays('2-10')}`,
    isAssumption: true,
  }),
  row('M9', {
    description: 'AI email filtering and automated response playbooks',
    fixed: [0, 5_000],
    perEmployee: [24, 60],
    source: `per employee: Microsoft Defender for Office 365 Plan 1 $2 to Plan 2 $5 per user-month (Microsoft list prices, 2025); ${itDays('up to 5')}`,
    isAssumption: true,
  }),
  row('M10', {
    description: 'Security testing in the release process (SAST/DAST, reviews)',
    fixed: [5_000, 40_000],
    perEmployee: [0, 0],
    source:
      'fixed: GitHub Secret Protection $19 + Code Security $30 per active committer-month (GitHub list prices, April 2025) for 2-10 committers, plus a yearly web-application test; assumption: the number of committers (scales with developers, not headcount)',
    isAssumption: true,
  }),
  row('M11', {
    description: 'Virtual CISO and twice-yearly board cyber-risk review',
    fixed: [24_000, 90_000],
    perEmployee: [0, 0],
    source:
      'assumption: fractional/virtual CISO retainers are priced by quote; $2,000-$7,500 a month is the range SME providers publish, well under one information security analyst (US BLS median pay $120,360, May 2023)',
    isAssumption: true,
  }),
  row('A1', {
    description: 'Vendor security reviews (questionnaires, SOC 2 report checks)',
    fixed: [5_000, 25_000],
    perEmployee: [0, 0],
    source: 'assumption: third-party risk tools and reviewer time are priced by quote; 5-25 vendor reviews a year at about $1,000 each (reviewer time)',
    isAssumption: true,
  }),
  row('A2', {
    description: 'Security tool consolidation and integration',
    fixed: [5_000, 20_000],
    perEmployee: [0, 0],
    source: 'assumption: integration work is priced by quote; 5-20 days of an outside provider at about $1,000 a day, often offset by dropped licences',
    isAssumption: true,
  }),
  row('A3', {
    description: 'Contracted security staff or managed security provider',
    fixed: [30_000, 90_000],
    perEmployee: [0, 0],
    source: 'US BLS Occupational Outlook: information security analysts median pay $120,360 (May 2023); assumption: a managed provider or part-time contractor costs 25-75% of one analyst',
    isAssumption: true,
  }),
  row('A4', {
    description: 'Compliance gap remediation and evidence (consultant-led)',
    fixed: [10_000, 50_000],
    perEmployee: [0, 0],
    source: 'assumption: compliance automation platforms and gap assessments are priced by quote; $10,000-$50,000 a year covers a platform subscription or a consultant-led gap assessment and remediation for one regime',
    isAssumption: true,
  }),
  row('A5', {
    description: 'AI acceptable-use policy and approved AI tools with data controls',
    fixed: [3_000, 15_000],
    perEmployee: [0, 36],
    source: `per employee: Microsoft 365 Copilot Chat with enterprise data protection at no extra cost, up to Microsoft 365 Copilot at $30 per user-month for one in ten staff (Microsoft list prices, 2025); ${itDays('3-15', 'the policy and data-loss rules')}`,
    isAssumption: true,
  }),
  row('A6', {
    description: 'Network segmentation of IoT / OT / medical devices',
    fixed: [10_000, 40_000],
    perEmployee: [0, 0],
    source: 'assumption: segmentation projects are priced by quote; a next-generation firewall subscription (about $1,000-$5,000 a year for an SME appliance) and 5-20 days of network work a year at about $1,000 a day',
    isAssumption: true,
  }),
  row('A7', {
    description: 'Data inventory and consolidation of sensitive data',
    fixed: [10_000, 40_000],
    perEmployee: [0, 0],
    source: 'assumption: data discovery tools and consolidation work are priced by quote; 10-40 days of outside help a year at about $1,000 a day',
    isAssumption: true,
  }),
  row('A8', {
    description: 'Managed devices and secure remote access for remote staff',
    fixed: [0, 5_000],
    perEmployee: [20, 180],
    source: `per employee: Microsoft Intune Plan 1 $8 per user-month plus Cloudflare Zero Trust $7 per user-month (vendor list prices, 2025; Cloudflare is free up to 50 users); ${itDays('up to 5')}`,
    isAssumption: true,
  }),
];

/** Low and high annual cost of a control for an organisation of this size. */
export function estimateControlCost(row: ControlCostRow, employees: number): ControlCostEstimate {
  const lowUsd = row.fixedLowUsd + row.perEmployeeLowUsd * employees;
  const highUsd = row.fixedHighUsd + row.perEmployeeHighUsd * employees;
  return { lowUsd, highUsd, midUsd: (lowUsd + highUsd) / 2 };
}

/** A control's annual cost and where it comes from: the organisation's own figure when given, else the typical band. */
export function resolveControlCost(factorId: FactorId, employees: number, overrides: ControlCostOverrides | undefined): { cost: ControlCostEstimate; source: string; description: string } | null {
  const typical = CONTROL_COSTS.find((c) => c.factorId === factorId);
  if (typical === undefined) return null;
  const own = overrides?.[factorId];
  if (own !== undefined) return { cost: { lowUsd: own.annualUsd, highUsd: own.annualUsd, midUsd: own.annualUsd }, source: OWN_COST_SOURCE, description: typical.description };
  return { cost: estimateControlCost(typical, employees), source: typical.source, description: typical.description };
}
