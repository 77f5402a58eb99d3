import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { Assessment, CompleteAssessmentBody } from '@/contracts/assessments.ts';
import { BUSINESS_QUESTIONS, type BusinessAnswers } from '@/contracts/business-questions.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { CLINIC_DRAFT } from '../lib/test-fixtures.ts';
import { BusinessAssessment } from './business-assessment.tsx';

/** ADR 214: the 10-minute path sends what the manager answered and nothing it never asked. */

const ID = '33333333-3333-4333-8333-333333333333';
const answers = { ...Object.fromEntries(BUSINESS_QUESTIONS.map((q) => [q.id, q.options[1].value])), rules: 'evidenced' } as BusinessAnswers;

/** A $2M practice with patient records, every plain question answered, on the question step. */
const ASSESSMENT: Assessment = {
  id: ID,
  title: 'Quick check',
  path: 'business',
  status: 'draft',
  currentStep: 'businessQuestions',
  author: null,
  engineVersion: null,
  seed: null,
  summary: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  completedAt: null,
  input: CLINIC_DRAFT,
  result: null,
  businessAnswers: answers,
  evidenceNotes: {},
  answerProvenance: {},
  sourceAssessmentId: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

test('calculating sends HIPAA as "unknown" (never "not started"), and the engine finds no conflict with the manager\'s "yes, with evidence"', async () => {
  const sent: CompleteAssessmentBody[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/assessments/${ID}/complete` && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)) as CompleteAssessmentBody);
        return new Response(JSON.stringify({ ...ASSESSMENT, status: 'completed' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(JSON.stringify(ASSESSMENT), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const onCompleted = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BusinessAssessment assessment={ASSESSMENT} onCompleted={onCompleted} />
    </QueryClientProvider>,
  );

  await userEvent.setup().click(screen.getByRole('button', { name: 'Calculate my results' }));
  await waitFor(() => expect(onCompleted).toHaveBeenCalled());

  const input = sent[0]?.input as RiskInput;
  expect(input.frameworks).toEqual({ hipaa: { status: 'unknown' } });
  expect(input.factors.A4).toBe('best');
  const result = assessRisk(input, { iterations: 2_000, seed: 1, attribution: false });
  expect(result.frameworkConflicts).toEqual([]);
  expect(result.factorAnswers.A4).toBe('best');
});
