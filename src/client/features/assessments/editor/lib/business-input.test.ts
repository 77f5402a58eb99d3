import { describe, expect, test } from 'vitest';
import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { BUSINESS_QUESTIONS, type BusinessAnswers } from '@/contracts/business-questions.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { buildBusinessInput } from './business-input.ts';
import { toCompleteInput } from '../../shared/lib/draft-input.ts';
import { CLINIC_DRAFT } from './test-fixtures.ts';

// ADR 214: the 10-minute path never asks for a framework status, so it must not assume one.

/** The middle option of every plain question, and the manager's answer to the rules question. */
function answersWithRules(rules: string): BusinessAnswers {
  const middle = Object.fromEntries(BUSINESS_QUESTIONS.map((q) => [q.id, q.options[1].value])) as BusinessAnswers;
  return { ...middle, rules };
}

function run(draft: DraftRiskInput) {
  const { input } = toCompleteInput(draft);
  if (input === null) throw new Error('the quick-path input should be complete');
  return assessRisk(input, { iterations: 2_000, seed: 1, attribution: false });
}

describe('the 10-minute path builds its input without assuming a framework status', () => {
  test('HIPAA applies (health records) and was never asked: it is sent as "unknown", never "not started"', () => {
    const built = buildBusinessInput(CLINIC_DRAFT, answersWithRules('evidenced'));
    expect(built.frameworks).toEqual({ hipaa: { status: 'unknown' } });
    expect(built.factors?.A4).toBe('best');
  });

  test('the manager says the rules are met with evidence: no compliance conflict, and A4 runs as answered', () => {
    const result = run(buildBusinessInput(CLINIC_DRAFT, answersWithRules('evidenced')));
    expect(result.frameworkConflicts).toEqual([]);
    expect(result.warnings.map((w) => w.code)).not.toContain('factorAnswerConflict');
    expect(result.unknownFactors.map((u) => u.factorId)).not.toContain('A4');
  });

  test('"I don\'t know" to the rules question stays unknown: it is not filled in from an invented status', () => {
    const result = run(buildBusinessInput(CLINIC_DRAFT, answersWithRules('unknown')));
    expect(result.frameworkConflicts).toEqual([]);
    expect(result.unknownFactors.map((u) => u.factorId)).toContain('A4');
  });

  test('a status the draft already holds is an answer and is kept; a conflict with it is still reported', () => {
    const draft: DraftRiskInput = { ...CLINIC_DRAFT, frameworks: { hipaa: { status: 'notStarted' } } };
    const built = buildBusinessInput(draft, answersWithRules('evidenced'));
    expect(built.frameworks).toEqual({ hipaa: { status: 'notStarted' } });
    expect(run(built).frameworkConflicts.map((c) => c.factorId)).toEqual(['A4']);
  });

  test('no regulated data and not listed: no framework is added', () => {
    const draft: DraftRiskInput = {
      ...CLINIC_DRAFT,
      organisation: {
        ...CLINIC_DRAFT.organisation,
        industry: 'retail',
        records: { personal: 800, health: 0, paymentCard: 0, consumerFinancial: 0 },
      },
    };
    expect(buildBusinessInput(draft, answersWithRules('evidenced')).frameworks).toEqual({});
  });
});
