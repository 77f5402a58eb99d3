import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import { withAnswers } from '@/engine/posture-figures.ts';
import { REFERENCE_PROFILES, SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { WHAT_IF_ITERATIONS } from '../hooks/use-engine.ts';
import { usePostureFigures } from '../hooks/use-posture-figures.ts';
import { toPoint, type PostureToRun } from '../lib/likelihood-impact.ts';
import { HeatMap, PostureStatus } from './heat-map.tsx';

const CLINIC_ID = 'clinic';

/** The clinic of /assessment-demo, then the model's reference profiles (their answers completed by the engine as in any assessment). */
const DEMO_POSTURES: readonly PostureToRun[] = [
  { id: CLINIC_ID, label: 'Riverside Family Clinic (sample), 120 staff', input: withAnswers(SAMPLE_CLINIC_INPUT, SAMPLE_CLINIC_INPUT.factors) },
  ...REFERENCE_PROFILES.map((p) => ({ id: p.id, label: p.label, input: p.input })),
];

/** The seed and years of /assessment-demo: the clinic's marker shows that page's figures. */
const DEMO_SETTINGS = { seed: DEFAULT_SEED, iterations: WHAT_IF_ITERATIONS };

/**
 * The heat-map demo: every organisation, the clinic and the reference profiles alike, is one
 * engine run with the assessment demo's seed and iterations (ADR 215), in the heat-map worker.
 */
export function SampleHeatMap() {
  const { figures, keyOf, error } = usePostureFigures(DEMO_POSTURES, DEMO_SETTINGS);
  const points = DEMO_POSTURES.flatMap((p) => {
    const f = figures.get(keyOf(p));
    return f ? [toPoint(p.id, p.label, f, p.id === CLINIC_ID)] : [];
  });
  return (
    <HeatMap
      points={points}
      title="Sample organisations: likelihood × impact"
      description="Likelihood is the chance of at least one loss event in a year (annual); impact is the median cost of one event (per event). Each organisation is a full engine run with the seed and 100,000 simulated years of the assessment demo, so the clinic shows the same figures as that page."
      status={<PostureStatus waiting={DEMO_POSTURES.length - points.length} error={error} what="sample organisations" />}
    />
  );
}
