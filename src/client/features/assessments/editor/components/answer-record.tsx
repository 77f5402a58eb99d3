import type { Assessment } from '@/contracts/assessments.ts';
import { FACTORS, type FactorAnswer } from '@/engine/factors.ts';
import { formatDate } from '../../shared/lib/format.ts';
import { PATH_LABELS } from '../lib/provenance.ts';

function labelOf(factorId: (typeof FACTORS)[number]['id'], answer: string | undefined): string {
  if (answer === undefined) return 'Not answered (average)';
  if (answer === 'unknown') return "I don't know";
  return FACTORS.find((f) => f.id === factorId)?.options.find((o) => o.value === (answer as FactorAnswer))?.label ?? answer;
}

/** Every factor's answer, who gave it (and who gave it before), on which path and when, with its evidence note. */
export function AnswerRecord({ assessment }: { assessment: Assessment }) {
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="answer-record">
      <summary className="cursor-pointer font-semibold text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">Who answered what, and the evidence</summary>
      <ul className="mt-3 flex flex-col gap-2">
        {FACTORS.map((f) => {
          const history = assessment.answerProvenance[f.id] ?? [];
          const note = assessment.evidenceNotes[f.id];
          return (
            <li key={f.id} className="min-w-0 border-b border-slate-100 pb-2">
              <span className="font-medium text-slate-900">{f.name}</span>: {labelOf(f.id, assessment.input.factors?.[f.id])}
              {history.length > 0 ? (
                <ol className="mt-1 list-disc pl-5 text-slate-700">
                  {history.map((e) => (
                    <li key={`${e.at}-${e.answeredBy}`}>
                      {labelOf(f.id, e.answer)}, by {e.answeredByName} on the {PATH_LABELS[e.path]}, {formatDate(e.at)}
                    </li>
                  ))}
                </ol>
              ) : null}
              {note ? <p className="mt-1 break-words text-slate-800">Evidence: {note}</p> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
