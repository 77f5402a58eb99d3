import type { FactorId } from '@/engine/factors.ts';
import { getFactor } from '@/engine/factors.ts';

/**
 * What the board is asked to buy is a control, never a risk factor (ADR 272). A mitigator is a
 * control already ("MFA and access control"); an exposure factor (amplifier) is named by the control
 * that brings it to its best answer, whose price the engine's cost table already gives for it.
 */
const CONTROL_FOR_EXPOSURE: { readonly [F in FactorId]?: string } = {
  A1: 'Vendor security reviews',
  A2: 'Consolidating security tools',
  A3: 'Managed security service',
  A4: 'Compliance gap remediation',
  A5: 'AI use policy and tools',
  A6: 'Segmenting connected devices',
  A7: 'Data inventory and clean-up',
  A8: 'Managed devices for remote staff',
};

/** The name of the control that improves a factor: the factor's own name for a control, the reducing control for an exposure. */
export function controlName(factorId: FactorId): string {
  return CONTROL_FOR_EXPOSURE[factorId] ?? getFactor(factorId).name;
}
