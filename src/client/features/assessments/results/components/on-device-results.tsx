import { CloudOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { AnsweredAs } from '@/reports/result-notes.ts';
import { ResultsWithWhatIf } from './results-with-what-if.tsx';

const ON_DEVICE_TITLE = 'Computed on this device, not saved yet';

/**
 * Results of an assessment completed with no connection: the same engine, seed and simulated
 * years the server uses (ADR 283), run in this browser's worker. The completion waits in the offline queue; the saved
 * results replace this view once it has synced.
 */
export function OnDeviceResults({ input, title, answeredAs }: { input: RiskInput; title: string; answeredAs: AnsweredAs }) {
  return (
    <div className="flex flex-col gap-4" data-testid="on-device-results">
      <Alert variant="warning">
        <CloudOff className="size-4" aria-hidden="true" />
        <AlertTitle>{ON_DEVICE_TITLE}</AlertTitle>
        <AlertDescription>
          {title}: these results were calculated in your browser while you were offline, with the same engine, seed and number of simulated years the server uses, so the
          saved figures will be the same. They are saved to your account automatically when the connection returns.
        </AlertDescription>
      </Alert>
      <ResultsWithWhatIf
        input={input}
        savedResult={null}
        seed={DEFAULT_SEED}
        asServerWould
        answeredAs={answeredAs}
        // What-ifs can be explored; saving one waits for the synced assessment.
      />
    </div>
  );
}
