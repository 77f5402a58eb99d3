import { Page } from '@/client/components/layout/page.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { ResultsWithWhatIf } from '@/client/features/assessments/results/components/results-with-what-if.tsx';
import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';

/** /assessment-demo: the sample clinic's results, explorable with what-if; nothing is saved. */
export function AssessmentDemoPage() {
  return (
    <Page title="Assessment demo" description="A 120-person outpatient clinic with $18M revenue, patient health and card data. Explore what changes its cyber-risk in dollars.">
      <Alert variant="warning" className="mb-6" role="note">
        <AlertTitle>Sample data</AlertTitle>
        <AlertDescription>
          Riverside Family Clinic is a fictional sample company. Its answers are illustrative; nothing you change here is saved. Start your own assessment from Risk Assessment.
        </AlertDescription>
      </Alert>
      <ResultsWithWhatIf input={SAMPLE_CLINIC_INPUT} savedResult={null} seed={DEFAULT_SEED} />
    </Page>
  );
}
