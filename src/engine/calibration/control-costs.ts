import type { FactorId } from '../factors.ts';

/**
 * Typical SME annual cost of operating a control at the factor's best
 * answer: fixed + per-employee, low and high (USD per year). risk-model.md
 * lists the cost table as "still to be researched", so every row is an
 * assumption (order-of-magnitude list prices of SME security services,
 * 2024-2025); the user can edit them in the app.
 */
interface ControlCostRow {
  readonly factorId: FactorId;
  readonly description: string;
  readonly fixedLowUsd: number;
  readonly fixedHighUsd: number;
  readonly perEmployeeLowUsd: number;
  readonly perEmployeeHighUsd: number;
  readonly source: string;
  readonly isAssumption: boolean;
}

const ASSUMED = 'assumption: order-of-magnitude SME list prices; to be researched (risk-model.md open item 4)';

const row = (factorId: FactorId, description: string, fixed: [number, number], perEmployee: [number, number]): ControlCostRow => ({
  factorId,
  description,
  fixedLowUsd: fixed[0],
  fixedHighUsd: fixed[1],
  perEmployeeLowUsd: perEmployee[0],
  perEmployeeHighUsd: perEmployee[1],
  source: ASSUMED,
  isAssumption: true,
});

/** The default control cost table, one row per factor. */
export const CONTROL_COSTS: readonly ControlCostRow[] = [
  row('M1', 'Awareness training platform with phishing simulations', [0, 2_000], [20, 50]),
  row('M2', 'Written IR plan, yearly tabletop and restore test (consultant-led)', [5_000, 20_000], [0, 0]),
  row('M3', 'MFA everywhere and admin-rights clean-up', [2_000, 10_000], [36, 72]),
  row('M4', 'Patch management tooling, vulnerability scanning and a yearly penetration test', [10_000, 30_000], [10, 30]),
  row('M5', 'Endpoint configuration management with secure baselines', [5_000, 20_000], [5, 20]),
  row('M6', 'EDR with 24/7 managed detection and response (MDR)', [0, 5_000], [60, 150]),
  row('M7', 'Central logging with a managed SOC / SIEM service', [15_000, 60_000], [20, 60]),
  row('M8', 'Encryption of laptops, servers, backups and data in transit', [2_000, 10_000], [10, 40]),
  row('M9', 'AI email filtering and automated response playbooks', [2_000, 10_000], [20, 60]),
  row('M10', 'Security testing in the release process (SAST/DAST, reviews)', [10_000, 40_000], [0, 0]),
  row('M11', 'Virtual CISO and twice-yearly board cyber-risk review', [20_000, 60_000], [0, 0]),
  row('A1', 'Vendor security reviews (questionnaires, SOC 2 report checks)', [5_000, 25_000], [0, 0]),
  row('A2', 'Security tool consolidation and integration', [5_000, 20_000], [0, 0]),
  row('A3', 'Contracted security staff or managed security provider', [30_000, 90_000], [0, 0]),
  row('A4', 'Compliance gap remediation and evidence (consultant-led)', [10_000, 50_000], [0, 0]),
  row('A5', 'AI acceptable-use policy and approved AI tools with data controls', [3_000, 15_000], [5, 15]),
  row('A6', 'Network segmentation of IoT / OT / medical devices', [10_000, 40_000], [0, 0]),
  row('A7', 'Data inventory and consolidation of sensitive data', [10_000, 40_000], [0, 0]),
  row('A8', 'Managed devices and secure remote access for remote staff', [0, 5_000], [30, 80]),
];

/** Low and high annual cost of a control for an organisation of this size. */
export function estimateControlCost(row: ControlCostRow, employees: number): { lowUsd: number; highUsd: number; midUsd: number } {
  const lowUsd = row.fixedLowUsd + row.perEmployeeLowUsd * employees;
  const highUsd = row.fixedHighUsd + row.perEmployeeHighUsd * employees;
  return { lowUsd, highUsd, midUsd: (lowUsd + highUsd) / 2 };
}
