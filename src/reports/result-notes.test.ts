import { describe, expect, test } from 'vitest';
import clinicJson from '../../examples/clinic-120.json';
import creditUnionJson from '../../examples/credit-union-60.json';
import manufacturerJson from '../../examples/manufacturer-300.json';
import { BUSINESS_QUESTIONS, mapBusinessAnswersToFactors, type BusinessAnswers } from '@/contracts/business-questions.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { explain } from '@/engine/explain.ts';
import type { FactorAnswers, RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { validateRiskInput } from '@/engine/validate-risk-input.ts';
import { describeResultNotes, type AnsweredAs } from './result-notes.ts';
import { BOARD_PROFILES } from './test-support/board-profiles.ts';

/**
 * No note a user reads carries an internal code (ADR 314): not a factor code ("M3", "A1") and not
 * an answer or status code ("partial", "worst", "notStarted"). Over the three samples, the board
 * profiles, and each of them with "I don't know" answers, unanswered questions and answers the
 * compliance evidence contradicts, on the expert and the business leaders' paths.
 */

const FACTOR_CODE = /\b[AM]\d{1,2}\b/;
const ANSWER_CODE = /\b(?:partial|notStarted|notApplicable|inProgress)\b|["“](?:best|worst|unknown)["”]/;

const samples: { id: string; input: RiskInput }[] = [
  ...[clinicJson, creditUnionJson, manufacturerJson].map((json: unknown, i) => {
    validateRiskInput(json);
    return { id: ['clinic', 'creditUnion', 'manufacturer'][i] as string, input: json };
  }),
  ...BOARD_PROFILES,
];

/** The profile with three "I don't know" answers, one unanswered factor and patching and training contradicting a PCI DSS validation. */
function withUnknownsAndConflicts(input: RiskInput): RiskInput {
  const { A5: _unanswered, ...factors } = input.factors;
  const answers: FactorAnswers = { ...factors, M3: 'unknown', M8: 'unknown', A1: 'unknown', M4: 'worst', M5: 'worst', M1: 'worst' };
  return { ...input, factors: answers, frameworks: { ...input.frameworks, pciDss: { status: 'compliant' }, hipaa: { status: 'notStarted' } } };
}

/** The business leaders' answers that give those factor answers: "I don't know" on two questions, "Often later" on updates, one question left out. */
const BUSINESS_ANSWERS: BusinessAnswers = {
  ...Object.fromEntries(BUSINESS_QUESTIONS.map((q) => [q.id, q.options[1]?.value])),
  phoneCode: 'unknown',
  encryption: 'unknown',
  updates: 'later',
  training: 'no',
  suppliers: 'unknown',
  aiTools: undefined,
};

function visibleTexts(result: RiskResult, answeredAs: AnsweredAs | null): string[] {
  const explanation = explain(result);
  return [
    ...result.warnings.map((w) => w.message),
    ...result.frameworkConflicts.map((c) => c.message),
    ...describeResultNotes(result, answeredAs).map((n) => n.text),
    // The derivation's words, which the pack's appendix prints (its figure labels are the calibration's, for the CLI).
    ...explanation.steps.flatMap((s) => [s.title, s.text]),
  ];
}

describe('the notes of a result name questions and answers as the user saw them (ADR 314)', () => {
  for (const sample of samples) {
    test(`${sample.id}: no factor or answer code in any note, as answered and with unknowns and conflicts`, () => {
      for (const input of [sample.input, withUnknownsAndConflicts(sample.input)]) {
        const result = assessRisk(input, { iterations: 5_000, seed: 1, shapleyPermutations: 2 });
        for (const text of visibleTexts(result, null)) {
          expect(text).not.toMatch(FACTOR_CODE);
          expect(text).not.toMatch(ANSWER_CODE);
        }
      }
    }, 60_000);
  }

  test('the unknowns and the unanswered question are counted and named by the plain question; a conflict quotes the option chosen', () => {
    const factors = mapBusinessAnswersToFactors(BUSINESS_ANSWERS);
    const input: RiskInput = { ...withUnknownsAndConflicts(samples[0]!.input), factors };
    const result = assessRisk(input, { iterations: 5_000, seed: 1, attribution: false });
    const answeredAs: AnsweredAs = { path: 'business', businessAnswers: BUSINESS_ANSWERS };
    const notes = describeResultNotes(result, answeredAs);
    for (const text of visibleTexts(result, answeredAs)) {
      expect(text).not.toMatch(FACTOR_CODE);
      expect(text).not.toMatch(ANSWER_CODE);
    }
    const question = (id: string) => BUSINESS_QUESTIONS.find((q) => q.id === id)!;
    const unknown = notes.find((n) => n.code === 'factorsUnknown')?.text ?? '';
    for (const id of ['phoneCode', 'encryption', 'suppliers']) expect(unknown).toContain(`“${question(id).question}”`);
    // Three plain questions, three quoted names, whatever the number of factors they feed.
    expect(unknown.match(/“[^”]+\?”/g)).toHaveLength(3);
    expect(notes.find((n) => n.code === 'factorsAssumedAverage')?.text).toBe(`Not answered, so taken as the average answer: “${question('aiTools').question}”.`);
    const conflicts = notes.filter((n) => n.code === 'factorAnswerConflict').map((n) => n.text);
    // Updates feeds two factors the PCI DSS validation speaks for only one of; training is the other.
    expect(conflicts).toContain(
      `You answered “Often later, or when someone gets round to it” to “${question('updates').question}”, but the compliance evidence suggests at least “Usually within a month” (PCI DSS: Req. 6 and 11 patching and quarterly scans).`,
    );
    expect(conflicts.some((c) => c.startsWith(`You answered “No” to “${question('training').question}”`))).toBe(true);
  });

  test("on the security lead's path the notes name each factor by its question's name and its option label", () => {
    const result = assessRisk(withUnknownsAndConflicts(samples[0]!.input), { iterations: 5_000, seed: 1, attribution: false });
    const notes = describeResultNotes(result, { path: 'commercial', businessAnswers: {} }).map((n) => n.text);
    expect(notes).toContain(`Not answered, so taken as the average answer: “Unsanctioned AI ("shadow AI")”.`);
    expect(notes.some((n) => n.startsWith('Answered “I don\'t know” to “MFA and access control”, “Encryption of sensitive data”, “Third-party / supply-chain exposure”.'))).toBe(true);
    expect(notes).toContain(
      'You answered “More than 30 days” to “Vulnerability & patch management”, but the compliance evidence suggests at least “8-30 days” (PCI DSS: Req. 6 and 11 patching and quarterly scans).',
    );
  });

  test('a result stored with the older coded wording reads in the same words as a fresh one', () => {
    const result = assessRisk(withUnknownsAndConflicts(samples[0]!.input), { iterations: 5_000, seed: 1, attribution: false });
    const coded: RiskResult = {
      ...result,
      warnings: result.warnings.map((w) =>
        w.code === 'factorsUnknown' ? { ...w, message: 'Answered "I don\'t know": M3, M8, A1.' } : w.code === 'factorsAssumedAverage' ? { ...w, message: 'Unanswered factors taken as average ("partial"): A5.' } : w,
      ),
    };
    expect(describeResultNotes(coded, null)).toEqual(describeResultNotes(result, null));
  });
});
