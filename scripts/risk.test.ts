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
});
