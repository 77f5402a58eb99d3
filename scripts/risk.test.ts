import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runRiskCli } from './risk.ts';

const examples = ['examples/clinic-120.json', 'examples/credit-union-60.json', 'examples/manufacturer-300.json'];

describe('npm run risk', () => {
  for (const file of examples) {
    test(`prints a full result for ${file}`, () => {
      const outcome = runRiskCli([file, '--iterations', '20000', '--seed', '5']);
      expect(outcome.stderr).toBe('');
      expect(outcome.exitCode).toBe(0);
      const result = JSON.parse(outcome.stdout) as Record<string, unknown>;
      for (const key of ['annualLoss', 'costIfItHappens', 'lossExceedanceCurve', 'costBreakdown', 'fines', 'riskScore', 'insurance', 'attribution', 'recommendations']) {
        expect(result[key], key).not.toBeNull();
      }
      expect(result['iterations']).toBe(20_000);
      expect(result['seed']).toBe(5);
    });
  }

  test('accepts the low-level primitive input and the --seed override', () => {
    const outcome = runRiskCli(['examples/primitive-poisson-lognormal.json', '--iterations', '10000', '--seed', '3']);
    expect(outcome.exitCode).toBe(0);
    const output = JSON.parse(outcome.stdout) as { kind: string; input: { seed: number }; summary: { years: number } };
    expect(output.kind).toBe('simulateAnnualLoss');
    expect(output.input.seed).toBe(3);
    expect(output.summary.years).toBe(10_000);
  });

  test('is deterministic: the same file and seed print the same bytes', () => {
    const a = runRiskCli([examples[0] as string, '--iterations', '10000', '--no-attribution']);
    const b = runRiskCli([examples[0] as string, '--iterations', '10000', '--no-attribution']);
    expect(a.stdout).toBe(b.stdout);
  });

  test('invalid input: exit code 1, a message naming the field, no stack trace', () => {
    const input = JSON.parse(readFileSync('examples/clinic-120.json', 'utf8')) as { organisation: { employees: number } };
    input.organisation.employees = -3;
    const outcome = runRiskCli(['in-memory.json'], () => JSON.stringify(input));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(/organisation\.employees/);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  });

  test('reports unreadable files, bad JSON, bad options and unknown flags', () => {
    expect(runRiskCli(['does-not-exist.json']).stderr).toMatch(/file not found/);
    expect(runRiskCli(['x.json'], () => '{').stderr).toMatch(/Invalid JSON in x\.json/);
    const tooFew = runRiskCli([examples[0] as string, '--iterations', '10']);
    expect(tooFew.exitCode).toBe(1);
    expect(tooFew.stderr).toMatch(/iterations/);
    expect(runRiskCli([examples[0] as string, '--fast']).exitCode).toBe(2);
    expect(runRiskCli([]).stderr).toMatch(/missing input file/);
  });

  for (const file of examples) {
    test(`the default run of ${file} reports a standard error of at most 1% of its expected loss (precise by default)`, () => {
      const outcome = runRiskCli([file, '--no-attribution']);
      expect(outcome.exitCode).toBe(0);
      const result = JSON.parse(outcome.stdout) as { annualLoss: { expectedUsd: number; standardErrorUsd: number }; precision: { mode: string; relativeStandardError: number; isTargetMet: boolean; iterationsUsed: number }; iterations: number; warnings: { code: string; message: string }[] };
      expect(result.precision.mode).toBe('standard');
      expect(result.annualLoss.standardErrorUsd / result.annualLoss.expectedUsd).toBeLessThanOrEqual(0.01);
      expect(result.precision.isTargetMet).toBe(true);
      expect(result.precision.iterationsUsed).toBe(result.iterations);
      // No advice the user cannot act on.
      for (const w of result.warnings) expect(w.message).not.toMatch(/raise iterations/i);
    });
  }

  test('--precision board asks for the tighter target', () => {
    const outcome = runRiskCli([examples[2] as string, '--no-attribution', '--precision', 'board']);
    expect(outcome.exitCode).toBe(0);
    const result = JSON.parse(outcome.stdout) as { precision: { mode: string; targetRelativeStandardError: number; relativeStandardError: number; isTargetMet: boolean } };
    expect(result.precision.mode).toBe('board');
    expect(result.precision.targetRelativeStandardError).toBe(0.005);
    if (result.precision.isTargetMet) expect(result.precision.relativeStandardError).toBeLessThanOrEqual(0.005);
    expect(runRiskCli([examples[2] as string, '--precision', 'exact']).exitCode).toBe(2);
  });

  test('in the CLI too, a certificate never raises the figures: PCI DSS in progress → compliant on the clinic', () => {
    const clinic = JSON.parse(readFileSync('examples/clinic-120.json', 'utf8')) as { frameworks: Record<string, unknown> };
    const run = (status: string): { annualLoss: { expectedUsd: number; percentilesUsd: { p99: number } }; costIfItHappens: { percentilesUsd: { p50: number } } } => {
      const input = { ...clinic, frameworks: { ...clinic.frameworks, pciDss: status === 'compliant' ? { status, since: '2025-03-01' } : { status } } };
      return JSON.parse(runRiskCli(['in-memory.json', '--iterations', '50000', '--no-attribution'], () => JSON.stringify(input)).stdout);
    };
    const inProgress = run('inProgress');
    const compliant = run('compliant');
    expect(compliant.annualLoss.expectedUsd).toBeLessThanOrEqual(inProgress.annualLoss.expectedUsd);
    expect(compliant.annualLoss.percentilesUsd.p99).toBeLessThanOrEqual(inProgress.annualLoss.percentilesUsd.p99);
    expect(compliant.costIfItHappens.percentilesUsd.p50).toBeLessThanOrEqual(inProgress.costIfItHappens.percentilesUsd.p50);
  });
});
