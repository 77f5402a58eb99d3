import { Page } from '@/client/components/layout/page.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { SampleHeatMap } from '@/client/features/assessments/results/components/sample-heat-map.tsx';

/** /heatmap-demo: sample organisations placed on the likelihood x impact heat map. */
export function HeatmapDemoPage() {
  return (
    <Page title="Risk heat map demo" description="Where sample organisations sit on likelihood (annual: chance of a loss event in a year) and impact (per event: median cost of one event), each from a full engine run.">
      <Alert variant="warning" className="mb-6" role="note">
        <AlertTitle>Sample data</AlertTitle>
        <AlertDescription>These organisations are the risk model's reference profiles and a fictional clinic, not real companies.</AlertDescription>
      </Alert>
      <SampleHeatMap />
    </Page>
  );
}
