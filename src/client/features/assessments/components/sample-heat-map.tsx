import { useEffect, useMemo } from 'react';
import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { applyFactorSuggestions, suggestFactorAnswers } from '@/engine/suggest-factor-answers.ts';
import { useEngine } from '../hooks/use-engine.ts';
import { buildModelParametersFor, locatePosture, locateResult, type LikelihoodImpactPoint } from '../lib/likelihood-impact.ts';
import { HeatMap } from './heat-map.tsx';

const CLINIC_LABEL = 'Riverside Family Clinic (sample), 120 staff';

function locateProfile(id: string, label: string, input: RiskInput): LikelihoodImpactPoint {
  const answers = applyFactorSuggestions(input.factors, suggestFactorAnswers(input.frameworks, { organisation: input.organisation }));
  return { id, label, ...locatePosture(buildModelParametersFor(input), answers) };
}

/**
 * The heat-map demo: the sample clinic is computed by the same engine run, seed and iterations
 * as /assessment-demo, so both pages show the same figures for it; the reference profiles are
 * placed from the model's closed form.
 */
export function SampleHeatMap() {
  const { run, headline, error } = useEngine(DEFAULT_SEED);
  useEffect(() => run(SAMPLE_CLINIC_INPUT), [run]);
  const references = useMemo(() => REFERENCE_PROFILES.map((p) => locateProfile(p.id, p.label, p.input)), []);
  const points = headline ? [{ id: 'clinic', label: CLINIC_LABEL, isCurrent: true, ...locateResult(headline) }, ...references] : references;
  return (
    <div className="flex flex-col gap-3">
      {!headline && !error ? (
        <p role="status" className="text-sm text-slate-700">
          Computing the sample clinic…
        </p>
      ) : null}
      {error ? <p role="alert">The calculation failed: {error}</p> : null}
      <HeatMap
        points={points}
        title="Sample organisations: likelihood × impact"
        description="Likelihood is the chance of at least one loss event in a year; impact is the median cost of one event. The clinic's marker is its simulated result (the same figures as the assessment demo); the reference profiles are placed from the model's closed form."
      />
    </div>
  );
}
