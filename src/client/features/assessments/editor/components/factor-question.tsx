import { useId } from 'react';
import type { AnswerProvenanceEntry } from '@/contracts/assessments.ts';
import { MAX_EVIDENCE_NOTE_LENGTH } from '@/contracts/assessments.ts';
import type { FactorAnswer, FactorDefinition } from '@/engine/factors.ts';
import type { FactorSuggestion } from '@/engine/suggest-factor-answers.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { formatDate } from '../../shared/lib/format.ts';
import { describeProvenance } from '../lib/provenance.ts';
import { ANSWER_RADIO_CLASS, AnswerOption } from './answer-option.tsx';

const UNKNOWN_OPTION = { value: 'unknown', label: "I don't know" } as const;

function optionLabel(factor: FactorDefinition, value: FactorAnswer): string {
  return value === 'unknown' ? UNKNOWN_OPTION.label : (factor.options.find((o) => o.value === value)?.label ?? value);
}

/** The optional evidence note, open when it has text; stored with the assessment. */
function EvidenceNote({ note, onNote }: { note: string | undefined; onNote: (note: string) => void }) {
  const noteId = useId();
  return (
    <details className="mt-3 text-sm" open={note !== undefined && note !== ''}>
      <summary className="cursor-pointer font-medium text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">Evidence note (optional)</summary>
      <label htmlFor={noteId} className="mt-2 block text-slate-700">
        What supports this answer (a policy, a report, a screenshot's location)? Stored with the assessment.
      </label>
      <textarea
        id={noteId}
        value={note ?? ''}
        maxLength={MAX_EVIDENCE_NOTE_LENGTH}
        rows={2}
        onChange={(event) => onNote(event.target.value)}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
      />
      <p className="text-xs text-slate-600">
        {(note ?? '').length} / {MAX_EVIDENCE_NOTE_LENGTH} characters
      </p>
    </details>
  );
}

/**
 * One factor as a plain-English question: native radio buttons (arrow keys move between
 * options, Tab to the next question), help text and the evidence behind it. A suggestion from
 * the compliance answers is offered, never shown as selected: a checked option is always an
 * answer that counts. An optional evidence note is stored with the assessment.
 */
export function FactorQuestion({
  factor,
  answer,
  suggestion,
  note,
  provenance,
  onAnswer,
  onNote,
}: {
  factor: FactorDefinition;
  answer: FactorAnswer | undefined;
  suggestion: FactorSuggestion | undefined;
  note: string | undefined;
  provenance: readonly AnswerProvenanceEntry[] | undefined;
  onAnswer: (answer: FactorAnswer) => void;
  onNote: (note: string) => void;
}) {
  const helpId = `help-${factor.id}`;
  const last = provenance?.[provenance.length - 1];
  const options = [...factor.options, UNKNOWN_OPTION];
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-describedby={helpId} data-testid={`factor-${factor.id}`}>
      <legend className="sr-only">{factor.question}</legend>
      <div aria-hidden="true" className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {factor.name}
      </div>
      <p aria-hidden="true" className="mb-1 text-base font-semibold text-slate-900">
        {factor.question}
      </p>
      <p id={helpId} className="mb-3 text-sm text-slate-700">
        {factor.helpText}
      </p>
      {answer === undefined && suggestion !== undefined ? (
        <div className="mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-950 ring-1 ring-blue-200">
          <span>
            Not answered yet. Your compliance answers suggest <strong>{optionLabel(factor, suggestion.suggestedAnswer)}</strong> ({suggestion.reasons.map((r) => r.note).join('; ')}).
          </span>
          <Button type="button" size="sm" variant="outline" onClick={() => onAnswer(suggestion.suggestedAnswer)}>
            Use this answer
          </Button>
        </div>
      ) : null}
      {answer === 'unknown' ? (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">Not known yet: the estimate spreads this answer over the possible levels, so its range is wider.</p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {options.map((option) => {
          const id = `q-${factor.id}-${option.value}`;
          const checked = answer === option.value;
          return (
            <AnswerOption key={option.value} id={id} isChecked={checked} label={option.label}>
              <input id={id} type="radio" name={`factor-${factor.id}`} value={option.value} checked={checked} onChange={() => onAnswer(option.value)} className={ANSWER_RADIO_CLASS} />
            </AnswerOption>
          );
        })}
      </div>
      {last ? (
        <p className="mt-2 text-xs text-slate-600" data-testid={`provenance-${factor.id}`}>
          {answer !== last.answer ? 'Before your change: ' : ''}
          {describeProvenance(last, (value) => optionLabel(factor, value as FactorAnswer))}, {formatDate(last.at)}
          {provenance && provenance.length > 1 ? ` (${provenance.length - 1} earlier answer${provenance.length > 2 ? 's' : ''})` : ''}.
        </p>
      ) : null}
      <EvidenceNote note={note} onNote={onNote} />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">Why this matters</summary>
        <p className="mt-1 text-slate-800">{factor.whyItMatters.text}</p>
        <p className="mt-1 text-xs text-slate-600">Source: {factor.whyItMatters.source}</p>
      </details>
    </fieldset>
  );
}
