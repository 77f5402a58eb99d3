import { describe, expect, test } from 'vitest';
import clinicJson from '../../examples/clinic-120.json';
import { assessRisk } from './assess-risk.ts';
import { findRequiredControls } from './required-controls.ts';
import type { RiskInput } from './risk-input.ts';
import { createDefaultRiskInput } from './sample-inputs.ts';
import { validateRiskInput } from './validate-risk-input.ts';

describe('findRequiredControls', () => {
  test('a selected framework requires its controls; "not applicable" frameworks require nothing', () => {
    const hipaa = findRequiredControls({ M8: 'partial' }, { hipaa: { status: 'inProgress' } });
    expect(hipaa.get('M8')).toEqual([
      expect.objectContaining({ source: 'framework', framework: 'hipaa', reason: expect.stringContaining('164.312') }),
    ]);
    expect(findRequiredControls({ M8: 'partial' }, { hipaa: { status: 'notApplicable' } }).get('M8')).toBeUndefined();
  });

  test('a control that already meets the requirement, or does not apply, is not required', () => {
    // HIPAA names a security official (met at "one of the two"), not a board review.
    expect(findRequiredControls({ M11: 'partial' }, { hipaa: { status: 'compliant' } }).get('M11')).toBeUndefined();
    expect(findRequiredControls({ M11: 'worst' }, { hipaa: { status: 'compliant' } }).get('M11')).toHaveLength(1);
    expect(findRequiredControls({ M3: 'best' }, { pciDss: { status: 'inProgress' } }).get('M3')).toBeUndefined();
    expect(findRequiredControls({ M10: 'notApplicable' }, { pciDss: { status: 'inProgress' } }).get('M10')).toBeUndefined();
    // Insurers ask for EDR, which "EDR, not watched 24/7" already is.
    expect(findRequiredControls({ M6: 'partial' }, {}).get('M6')).toBeUndefined();
    expect(findRequiredControls({ M6: 'worst' }, {}).get('M6')).toEqual([expect.objectContaining({ source: 'insurance' })]);
  });

  test('"I don\'t know" does not meet a requirement, and an unanswered factor counts as "partial"', () => {
    expect(findRequiredControls({ M3: 'unknown' }, {}).get('M3')).toEqual([expect.objectContaining({ source: 'insurance' })]);
    expect(
      findRequiredControls({}, { glba: { status: 'compliant' } })
        .get('M3')
        ?.map((r) => r.framework ?? r.source),
    ).toEqual(['glba', 'insurance']);
  });

  test('the reasons come in catalogue order whatever the order of the frameworks in the input (a stored JSON document does not keep it)', () => {
    const answers = { M3: 'worst', M2: 'worst' } as const;
    const one = findRequiredControls(answers, { hipaa: { status: 'inProgress' }, pciDss: { status: 'compliant' } });
    const other = findRequiredControls(answers, { pciDss: { status: 'compliant' }, hipaa: { status: 'inProgress' } });
    expect([...other.entries()]).toEqual([...one.entries()]);
    expect(one.get('M3')?.map((r) => r.framework)).toEqual(['pciDss', 'hipaa', undefined]);
  });

  test('every reason cites its source in brackets', () => {
    const all = findRequiredControls(
      Object.fromEntries(['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M10', 'M11', 'A1', 'A4', 'A7'].map((id) => [id, 'worst'])),
      {
        hipaa: { status: 'notStarted' },
        pciDss: { status: 'notStarted' },
        glba: { status: 'notStarted' },
        sox: { status: 'notStarted' },
        iso27001: { status: 'inProgress' },
        soc2: { status: 'inProgress' },
      },
    );
    const reasons = [...all.values()].flat();
    expect(reasons.length).toBeGreaterThan(40);
    for (const r of reasons) expect(r.reason).toMatch(/\(.+\)$/);
  });
});

describe('required controls in the recommendations', () => {
  const clinic: unknown = clinicJson;
  validateRiskInput(clinic);
  const result = assessRisk(clinic, { iterations: 50_000, seed: 1 });
  const all = [...(result.recommendations ?? []), ...(result.recommendationsNotWorthIt ?? []), ...(result.requiredControls ?? [])];

  test('the 120-person HIPAA clinic has MFA marked required, with a HIPAA and an insurance reason, wherever it is listed', () => {
    const mfa = all.find((r) => r.factorId === 'M3');
    expect(mfa).toBeDefined();
    expect(mfa?.required.map((r) => r.framework ?? r.source)).toEqual(expect.arrayContaining(['hipaa', 'insurance']));
    expect(mfa?.required.find((r) => r.framework === 'hipaa')?.reason).toMatch(/HIPAA Security Rule requires .*45 CFR 164\.312/);
  });

  test('every required control is in its own list, largest saving first, and never in "not worth it" (ADR 312)', () => {
    const required = result.requiredControls ?? [];
    expect(required.map((r) => r.factorId)).toContain('M3');
    expect(required.filter((r) => r.returnOnSecurityInvestment < 0).length).toBeGreaterThan(0);
    for (const r of required) expect(r.required.length).toBeGreaterThan(0);
    expect(required.map((r) => r.rank)).toEqual(required.map((_, i) => i + 1));
    for (let i = 1; i < required.length; i++) expect(required[i]?.annualLossReductionUsd).toBeLessThanOrEqual(required[i - 1]?.annualLossReductionUsd ?? 0);
    expect((result.recommendationsNotWorthIt ?? []).filter((r) => r.required.length > 0)).toEqual([]);
    // A required control that pays for itself is also a fix, marked required; every listed required control is in one of the two places.
    const listed = [...(result.recommendations ?? []), ...(result.recommendationsNotWorthIt ?? [])].filter((r) => r.required.length > 0);
    expect(listed.every((r) => required.some((q) => q.factorId === r.factorId))).toBe(true);
    expect((result.recommendationsNotWorthIt ?? []).map((r) => r.rank)).toEqual((result.recommendationsNotWorthIt ?? []).map((_, i) => i + 1));
    // Tested IR plan and encryption are also required for a HIPAA clinic.
    expect(all.find((r) => r.factorId === 'M2')?.required.length).toBeGreaterThan(0);
    expect(all.find((r) => r.factorId === 'M8')?.required.length).toBeGreaterThan(0);
  });

  test('the plan steps carry the same reasons as the recommendations', () => {
    for (const step of result.fixPlan?.steps ?? []) expect(step.required).toEqual(all.find((r) => r.factorId === step.factorId)?.required);
  });

  test('an organisation without frameworks gets only the insurance reasons', () => {
    const plain: RiskInput = { ...createDefaultRiskInput('other', 50, 10_000_000), factors: { M3: 'worst', M8: 'worst' } };
    const recs = assessRisk(plain, { iterations: 20_000, seed: 1, shapleyPermutations: 2 });
    const listed = [...(recs.recommendations ?? []), ...(recs.recommendationsNotWorthIt ?? []), ...(recs.requiredControls ?? [])];
    expect(listed.find((r) => r.factorId === 'M3')?.required.map((r) => r.source)).toEqual(['insurance']);
    expect(listed.find((r) => r.factorId === 'M8')?.required).toEqual([]);
  });
});
