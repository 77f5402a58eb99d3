import { useMemo } from 'react';
import { Page } from '@/client/components/layout/page.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { HeatMap } from '@/client/features/assessments/components/heat-map.tsx';
import { buildModelParametersFor, locatePosture, type LikelihoodImpactPoint } from '@/client/features/assessments/lib/likelihood-impact.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { applyFactorSuggestions, suggestFactorAnswers } from '@/engine/suggest-factor-answers.ts';

function locate(id: string, label: string, input: RiskInput, isCurrent = false): LikelihoodImpactPoint {
  const params = buildModelParametersFor(input);
  const answers = applyFactorSuggestions(input.factors, suggestFactorAnswers(input.frameworks, { organisation: input.organisation }));
  return { id, label, isCurrent, ...locatePosture(params, answers) };
}

/** /heatmap-demo: sample organisations placed on the likelihood x impact heat map. */
export function HeatmapDemoPage() {
  const points = useMemo(
    () => [locate('clinic', 'Riverside Family Clinic (sample), 120 staff', SAMPLE_CLINIC_INPUT, true), ...REFERENCE_PROFILES.map((p) => locate(p.id, p.label, p.input))],
    [],
  );
  return (
    <Page title="Risk heat map demo" description="Where sample organisations sit on likelihood (chance of a loss event this year) and impact (median cost of one event).">
      <Alert variant="warning" className="mb-6" role="note">
        <AlertTitle>Sample data</AlertTitle>
        <AlertDescription>These organisations are the risk model's reference profiles and a fictional clinic, not real companies.</AlertDescription>
      </Alert>
      <HeatMap points={points} title="Sample organisations: likelihood × impact" />
    </Page>
  );
}
