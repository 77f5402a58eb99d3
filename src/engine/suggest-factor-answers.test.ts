import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { FRAMEWORKS } from './frameworks.ts';
import { createDefaultRiskInput } from './sample-inputs.ts';
import { applyFactorSuggestions, findFactorAnswerConflicts, isCurrentCompliance, suggestFactorAnswers } from './suggest-factor-answers.ts';

describe('suggestFactorAnswers', () => {
  test('a current ISO 27001 certificate gives at least "partial" for the factors of its Annex A', () => {
    const suggestions = suggestFactorAnswers({ iso27001: { status: 'compliant', since: '2025-01-10' } }, { asOfDate: '2025-06-01' });
    const iso = FRAMEWORKS.find((f) => f.id === 'iso27001');
    expect(suggestions.map((s) => s.factorId).sort()).toEqual(iso?.evidence.map((e) => e.factorId).sort());
    for (const s of suggestions) {
      expect(s.bound).toBe('atLeast');
      expect(s.suggestedAnswer).toBe('partial');
      expect(s.reasons[0]?.frameworkId).toBe('iso27001');
    }
  });

  test('a certificate older than 12 months, or not yet compliant, is no evidence', () => {
    expect(suggestFactorAnswers({ iso27001: { status: 'compliant', since: '2023-01-10' } }, { asOfDate: '2025-06-01' })).toEqual([]);
    expect(suggestFactorAnswers({ soc2: { status: 'inProgress' } })).toEqual([]);
    expect(isCurrentCompliance({ status: 'compliant' })).toBe(true);
  });

  // ADR 265: a self-declared tier counts no more than an audited certificate of the same controls.
  test('NIST CSF tiers: 2-4 at least partial (never best), tier 1 a conflict hint that fills nothing', () => {
    const s = suggestFactorAnswers({ nistCsf: { status: 'inProgress', nistCsfTiers: { protect: 4, detect: 2, respond: 1 } } });
    const get = (id: string) => s.find((x) => x.factorId === id);
    expect(get('M3')).toMatchObject({ suggestedAnswer: 'partial', bound: 'atLeast', fillsAnswer: true });
    expect(get('M6')?.suggestedAnswer).toBe('partial');
    expect(get('M2')).toMatchObject({ suggestedAnswer: 'worst', bound: 'exactly', fillsAnswer: false });
    expect(findFactorAnswerConflicts({ M2: 'best' }, s).map((c) => c.factorId)).toEqual(['M2']);
    const filled = applyFactorSuggestions({ M2: 'unknown', M3: 'unknown' }, s);
    expect(filled.M2).toBe('unknown');
    // "At least partial" keeps an unknown answer unknown: the simulation lifts its "No" years only.
    expect(filled.M3).toBe('unknown');
    expect(applyFactorSuggestions({}, s).M2).toBeUndefined();
  });

  test('tier 1 never overrides a certificate of the same control', () => {
    const s = suggestFactorAnswers({ nistCsf: { status: 'inProgress', nistCsfTiers: { respond: 1 } }, iso27001: { status: 'compliant' } });
    expect(s.find((x) => x.factorId === 'M2')).toMatchObject({ suggestedAnswer: 'partial', bound: 'atLeast', fillsAnswer: true });
  });

  test('A4 follows the mandatory regimes: not started → worst, in progress → partial, all compliant → best', () => {
    const base = createDefaultRiskInput('healthcare', 50, 10_000_000).organisation;
    const organisation = { ...base, records: { ...base.records, health: 1_000, paymentCard: 100 } };
    const a4 = (frameworks: Parameters<typeof suggestFactorAnswers>[0]) => suggestFactorAnswers(frameworks, { organisation }).find((s) => s.factorId === 'A4')?.suggestedAnswer;
    expect(a4({ hipaa: { status: 'notStarted' }, pciDss: { status: 'notStarted' } })).toBe('worst');
    expect(a4({ hipaa: { status: 'inProgress' }, pciDss: { status: 'compliant' } })).toBe('partial');
    expect(a4({ hipaa: { status: 'compliant' }, pciDss: { status: 'compliant' } })).toBe('best');
    expect(a4({ hipaa: { status: 'compliant' }, pciDss: { status: 'notStarted' } })).toBe('worst');
    // No regulated data and not public: no A4 suggestion.
    expect(suggestFactorAnswers({}, { organisation: base }).find((s) => s.factorId === 'A4')).toBeUndefined();
  });

  test('answers below the evidence are reported as conflicts; pre-fill keeps given answers', () => {
    const suggestions = suggestFactorAnswers({ pciDss: { status: 'compliant' } });
    const conflicts = findFactorAnswerConflicts({ M4: 'worst', M3: 'best' }, suggestions);
    expect(conflicts.map((c) => c.factorId)).toEqual(['M4']);
    expect(conflicts[0]?.message).toMatch(/PCI DSS/);
    // The labels the user chose from, never the codes.
    expect(conflicts[0]?.message).toMatch(/^You answered “[^”]+” to “Vulnerability & patch management”, but the compliance evidence suggests at least “[^”]+”/);
    expect(conflicts[0]?.message).not.toMatch(/"?\b(partial|worst|best|notStarted|inProgress)\b"?/);
    const filled = applyFactorSuggestions({ M4: 'worst' }, suggestions);
    expect(filled.M4).toBe('worst');
    expect(filled.M7).toBe('partial');
  });
});

// ADR 214: a status that was not given is "unknown", never "not started"; conflicts only between given answers.
describe('statuses that were not asked', () => {
  const base = createDefaultRiskInput('healthcare', 15, 2_000_000).organisation;
  const clinic = { ...base, records: { ...base.records, health: 5_000, paymentCard: 100 } };
  const a4 = (frameworks: Parameters<typeof suggestFactorAnswers>[0]) => suggestFactorAnswers(frameworks, { organisation: clinic }).find((s) => s.factorId === 'A4');

  test('a mandatory regime with no status, or status "unknown", gives no A4 suggestion', () => {
    expect(a4({})).toBeUndefined();
    expect(a4({ hipaa: { status: 'unknown' }, pciDss: { status: 'unknown' } })).toBeUndefined();
  });

  test('with one status unknown, a given "not started" still pins A4 at worst; a better given status does not pin it', () => {
    expect(a4({ hipaa: { status: 'unknown' }, pciDss: { status: 'notStarted' } })).toMatchObject({ suggestedAnswer: 'worst', bound: 'exactly' });
    expect(a4({ hipaa: { status: 'unknown' }, pciDss: { status: 'compliant' } })).toBeUndefined();
    expect(a4({ pciDss: { status: 'inProgress' } })).toBeUndefined();
  });

  test('the 10-minute path: the manager says the rules are met with evidence and HIPAA was never asked → no conflict, A4 stays as answered', () => {
    const input = { ...createDefaultRiskInput('healthcare', 15, 2_000_000), organisation: clinic, factors: { A4: 'best' as const } };
    const suggestions = suggestFactorAnswers(input.frameworks, { organisation: clinic });
    expect(findFactorAnswerConflicts(input.factors, suggestions)).toEqual([]);
    expect(applyFactorSuggestions({ A4: 'unknown' }, suggestions).A4).toBe('unknown');
    const result = assessRisk(input, { iterations: 2_000, seed: 1, attribution: false });
    expect(result.frameworkConflicts).toEqual([]);
    expect(result.warnings.some((w) => w.code === 'factorAnswerConflict')).toBe(false);
  });

  test('a conflict is still raised between two answers the user gave', () => {
    const given = { hipaa: { status: 'notStarted' as const } };
    const suggestions = suggestFactorAnswers(given, { organisation: clinic });
    expect(findFactorAnswerConflicts({ A4: 'best' }, suggestions).map((c) => c.factorId)).toEqual(['A4']);
  });
});
