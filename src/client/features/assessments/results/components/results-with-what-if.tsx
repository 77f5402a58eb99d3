import type { AnsweredAs } from '@/reports/result-notes.ts';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { announce } from '@/client/lib/announce.ts';
import { FACTORS, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { useEngine } from '../hooks/use-engine.ts';
import { formatUsd } from '../../shared/lib/format.ts';
import { ResultsView } from './results-view.tsx';
import { SaveScenarioForm } from './save-scenario-form.tsx';
import { WhatIfPanel } from './what-if-panel.tsx';

function sameAnswers(a: RiskInput['factors'], b: RiskInput['factors']): boolean {
  return FACTORS.every((f) => (a[f.id] ?? 'partial') === (b[f.id] ?? 'partial'));
}

/** The what-if column: its heading, then save or discard once an answer differs from the saved one, then the answers. */
function WhatIfAside({
  isModified,
  onDiscard,
  save,
  children,
}: {
  isModified: boolean;
  onDiscard: () => void;
  save: { defaultTitle: string; isSaving: boolean; onSave: (title: string) => void } | null;
  children: ReactNode;
}) {
  return (
    <aside aria-labelledby="what-if-title" className="order-2 flex min-w-0 flex-col gap-3 xl:order-1 xl:sticky xl:top-4 xl:max-h-[calc(100vh-2rem)] xl:self-start xl:overflow-y-auto">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="what-if-title" className="text-lg font-semibold text-slate-900">
          What if…?
        </h2>
        <p className="mb-3 text-sm text-slate-700">Change any answer and every number updates at once. Nothing is saved unless you choose to.</p>
        {isModified ? (
          <div className="mb-4 flex flex-col gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3">
            {save ? (
              <SaveScenarioForm defaultTitle={save.defaultTitle} isSaving={save.isSaving} onSave={save.onSave} onDiscard={onDiscard} />
            ) : (
              <Button type="button" variant="outline" className="self-start" onClick={onDiscard}>
                Discard changes
              </Button>
            )}
          </div>
        ) : null}
        {children}
      </div>
    </aside>
  );
}

/**
 * The state of the live what-if: the answers on screen against the saved ones, the baseline, and
 * which result the headline and the details show.
 */
function useWhatIf(input: RiskInput, savedResult: RiskResult | null, seed: number, asServerWould: boolean) {
  // Same draws as the saved result (its seed and iteration count), so what-if deltas are exact.
  const engine = useEngine(seed, savedResult?.iterations ?? (asServerWould ? null : undefined));
  const { run, prepare } = engine;
  // The answers as saved: the engine's effective answers (suggestions applied, blanks as average).
  const savedAnswers = useMemo(() => (savedResult ? { ...input.factors, ...savedResult.factorAnswers } : input.factors), [input.factors, savedResult]);
  const [answers, setAnswers] = useState<RiskInput['factors']>(savedAnswers);
  // The answers as last set, read by a change handler that stays the same function, so only the
  // select that changed re-renders with it (ADR 315).
  const latestAnswers = useRef(answers);
  const [baseline, setBaseline] = useState<RiskResult | null>(savedResult);
  const isModified = !sameAnswers(answers, savedAnswers);

  useEffect(() => {
    if (!savedResult) run(input);
    // A saved result needs no run, but the worker readies the draws and the likely changes meanwhile.
    else prepare({ ...input, factors: savedAnswers });
  }, [input, savedResult, savedAnswers, run, prepare]);

  useEffect(() => {
    if (!baseline && engine.result && engine.isResultComplete && !isModified) setBaseline(engine.result);
  }, [baseline, engine.result, engine.isResultComplete, isModified]);

  const whatIfInput = useMemo<RiskInput>(() => ({ ...input, factors: answers }), [input, answers]);

  const onChange = useCallback(
    (id: FactorId, answer: FactorAnswer) => {
      const next = { ...latestAnswers.current, [id]: answer };
      latestAnswers.current = next;
      // Start the worker first; the form re-renders while it computes.
      run({ ...input, factors: next });
      setAnswers(next);
    },
    [input, run],
  );

  const discard = () => {
    latestAnswers.current = savedAnswers;
    setAnswers(savedAnswers);
    announce('What-if changes discarded');
  };

  // The headline follows the worker's first pass; charts, heat map and recommendations follow its
  // complete result (until it arrives they keep the previous one, marked as updating).
  const headline = isModified ? (engine.headline ?? baseline) : (baseline ?? engine.headline);
  const details = (isModified ? (engine.result ?? baseline) : (baseline ?? engine.result)) ?? headline;

  useEffect(() => {
    if (isModified && engine.headline && !engine.isComputing) announce(`Expected annual loss now ${formatUsd(engine.headline.annualLoss.expectedUsd)}`);
  }, [engine.headline, engine.isComputing, isModified]);

  return { engine, answers, savedAnswers, baseline, isModified, whatIfInput, onChange, discard, headline, details };
}

/**
 * Results plus the live what-if: every factor can be changed and all numbers follow (engine in
 * a Web Worker). Changes can be saved as a new scenario or discarded. With no saved result
 * (the demo), the worker computes the baseline first.
 */
export function ResultsWithWhatIf({
  input,
  savedResult,
  seed,
  defaultScenarioTitle,
  onSaveScenario,
  isSaving = false,
  afterAdvice,
  asServerWould = false,
  answeredAs = null,
}: {
  input: RiskInput;
  savedResult: RiskResult | null;
  seed: number;
  defaultScenarioTitle?: string;
  /** Omit to hide saving (the demo). */
  onSaveScenario?: (title: string, input: RiskInput) => Promise<void>;
  isSaving?: boolean;
  /** Shown after what to do (ResultsView): what is not known yet, the hand-over. */
  afterAdvice?: ReactNode;
  /** No saved result yet (offline): compute it as the server's completion will, same seed and simulated years (ADR 283). */
  asServerWould?: boolean;
  /** How the assessment was answered, so the notes name its questions (ResultsView). */
  answeredAs?: AnsweredAs | null;
}) {
  const { engine, answers, savedAnswers, baseline, isModified, whatIfInput, onChange, discard, headline, details } = useWhatIf(input, savedResult, seed, asServerWould);
  // The advice table's "updating" mark follows in a later render: the change's own render draws
  // only the headline and the select (ADR 315).
  const isRefining = useDeferredValue(engine.isRefining && isModified);
  const save = onSaveScenario
    ? { defaultTitle: defaultScenarioTitle ?? 'What-if scenario', isSaving, onSave: (title: string) => void onSaveScenario(title, whatIfInput) }
    : null;

  return (
    <div className="grid gap-6 xl:grid-cols-[20rem_minmax(0,1fr)]">
      {/* On narrow screens the results come first and the what-if follows; side by side from xl. */}
      <WhatIfAside isModified={isModified} onDiscard={discard} save={save}>
        <WhatIfPanel answers={answers} savedAnswers={savedAnswers} onChange={onChange} />
      </WhatIfAside>
      <div className="order-1 min-w-0 xl:order-2">
        {engine.error ? (
          <Alert variant="destructive" className="mb-4">
            <AlertDescription>The calculation failed: {engine.error}</AlertDescription>
          </Alert>
        ) : null}
        {headline && details ? (
          <ResultsView
            result={headline}
            detailsResult={details}
            input={input}
            baseline={isModified ? baseline : null}
            isUpdating={engine.isComputing}
            isRefining={isRefining}
            afterAdvice={afterAdvice}
            answeredAs={answeredAs}
          />
        ) : (
          <p role="status" className="text-slate-700">
            Running 100,000 simulated years…
          </p>
        )}
      </div>
    </div>
  );
}
