import { ShieldCheck } from 'lucide-react';
import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useDisableTotp } from '../api/disable-totp.ts';
import { useMfaStatus } from '../api/get-mfa-status.ts';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes.ts';
import { useSetupTotp } from '../api/setup-totp.ts';
import { getErrorCode } from '../lib/mfa-input.ts';
import { INITIAL_SETUP_STATE, setupReducer, type SensitiveAction, type SetupEvent, type SetupStep } from '../lib/setup-state.ts';
import { BackupCodesPanel, SINGLE_USE_WARNING } from './backup-codes-panel.tsx';
import { DisableTotpDialog, StepUpDialog } from './setup-dialogs.tsx';
import { SetupVerifyStep } from './setup-verify-step.tsx';
import { TotpEnabledPanel } from './totp-enabled-panel.tsx';

export type { SetupStep } from '../lib/setup-state.ts';

/**
 * Spec section 2 "MFA setup card": status -> verify (QR code, manual key, 6-digit code, Cancel
 * Setup) -> complete (backup codes, Download, Done) -> status. Disable and Regenerate ask for a
 * fresh code first when the server wants a step-up (security.md decision 5). The wizard's state
 * is one reducer (lib/setup-state.ts); each step is its own component.
 */
export function MfaSetupCard({ onComplete, onStepChange }: { onComplete?: () => void; onStepChange?: (step: SetupStep) => void }) {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const [state, dispatch] = useReducer(setupReducer, INITIAL_SETUP_STATE);
  const startSetup = useSetupTotp();
  const { disable, regenerate, runSensitive } = useSensitiveActions(dispatch);
  useReportedStep(state.step, onStepChange);

  const totpEnabled = state.step === 'complete' || (status.data?.totpEnabled ?? false);

  const beginSetup = () =>
    startSetup.mutate(undefined, {
      onSuccess: (setup) => {
        dispatch({ type: 'setupStarted', setup });
        toast({ title: 'TOTP Setup Started', description: 'Scan the QR code with your authenticator app' });
      },
      onError: (error) => toast({ title: 'Setup Failed', description: getErrorMessage(error), variant: 'destructive' }),
    });

  const finish = async () => {
    dispatch({ type: 'finished' });
    await queryClient.invalidateQueries();
    onComplete?.();
  };

  return (
    <Card className="w-full max-w-lg" data-testid="mfa-setup-card">
      <MfaCardHeader totpEnabled={totpEnabled} />
      <CardContent className="space-y-4">
        {state.step === 'status' && !totpEnabled ? (
          <StartSetupPanel isStarting={startSetup.isPending} onStart={beginSetup} />
        ) : null}

        {state.step === 'status' && totpEnabled ? (
          <TotpEnabledPanel
            backupCodesCount={status.data?.backupCodesCount ?? 0}
            codes={state.codes}
            showCodes={state.showCodes}
            isRegenerating={regenerate.isPending}
            isDisabling={disable.isPending}
            onToggleCodes={() => dispatch({ type: 'codesToggled' })}
            onRegenerate={() => runSensitive('regenerate')}
            onDisable={() => dispatch({ type: 'disableAsked', open: true })}
          />
        ) : null}

        {state.step === 'verify' && state.setup ? (
          <SetupVerifyStep setup={state.setup} onVerified={(codes) => dispatch({ type: 'setupVerified', codes })} onCancel={() => dispatch({ type: 'setupCancelled' })} />
        ) : null}

        {state.step === 'complete' && state.codes ? (
          <SetupCompletePanel codes={state.codes} onDone={() => void finish()} />
        ) : null}

        {state.step !== 'complete' ? <p className="text-sm text-slate-600">{SINGLE_USE_WARNING.split('.')[0]}.</p> : null}
      </CardContent>

      <DisableTotpDialog
        open={state.confirmingDisable}
        isDisabling={disable.isPending}
        onOpenChange={(open) => dispatch({ type: 'disableAsked', open })}
        onConfirm={() => runSensitive('disable')}
      />
      <StepUpDialog
        open={state.stepUpFor !== null}
        onClose={() => dispatch({ type: 'stepUpClosed' })}
        onVerified={() => {
          const action = state.stepUpFor;
          dispatch({ type: 'stepUpClosed' });
          if (action) runSensitive(action);
        }}
      />
    </Card>
  );
}

/** Disable and Regenerate: each asks for a fresh code first when the server wants a step-up. */
function useSensitiveActions(dispatch: Dispatch<SetupEvent>) {
  const disable = useDisableTotp();
  const regenerate = useRegenerateBackupCodes();
  const runSensitive = (action: SensitiveAction) => {
    const onError = (error: unknown) => {
      if (getErrorCode(error) === 'step_up_required') return dispatch({ type: 'stepUpRequired', action });
      toast({ title: action === 'disable' ? 'Disable Failed' : 'Regeneration Failed', description: getErrorMessage(error), variant: 'destructive' });
    };
    if (action === 'disable') {
      disable.mutate(undefined, {
        onSuccess: () => {
          dispatch({ type: 'disabled' });
          toast({ title: 'TOTP Disabled', description: 'Set up two-factor authentication again to keep using CIFER.' });
        },
        onError,
      });
    } else {
      regenerate.mutate(undefined, {
        onSuccess: ({ backupCodes }) => {
          dispatch({ type: 'regenerated', codes: backupCodes });
          toast({ title: 'Backup Codes Regenerated', description: 'Your old backup codes no longer work.' });
        },
        onError,
      });
    }
  };
  return { disable, regenerate, runSensitive };
}

function MfaCardHeader({ totpEnabled }: { totpEnabled: boolean }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-6 text-blue-700" aria-hidden="true" />
          Multi-Factor Authentication
        </CardTitle>
        <Badge variant={totpEnabled ? 'success' : 'secondary'} className="whitespace-nowrap">
          {totpEnabled ? 'TOTP Enabled' : 'TOTP Disabled'}
        </Badge>
      </div>
      <CardDescription>Protect your account with a one-time code from an authenticator app.</CardDescription>
    </CardHeader>
  );
}

function StartSetupPanel({ isStarting, onStart }: { isStarting: boolean; onStart: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Install an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then set up TOTP. You will scan a QR code and confirm with a
        6-digit code.
      </p>
      <Button type="button" className="w-full" onClick={onStart} disabled={isStarting}>
        {isStarting ? 'Starting...' : 'Set Up TOTP'}
      </Button>
    </div>
  );
}

/** The backup codes, shown once when setup is verified. */
function SetupCompletePanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Two-factor authentication is on. Save these backup codes: use one if you lose access to your authenticator app.</p>
      <BackupCodesPanel codes={codes} />
      <Button type="button" className="w-full" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

/** Tells the parent (the MFA gate) when the wizard moves to another step. */
function useReportedStep(step: SetupStep, onStepChange: ((step: SetupStep) => void) | undefined) {
  const reported = useRef<SetupStep>(step);
  useEffect(() => {
    if (reported.current === step) return;
    reported.current = step;
    onStepChange?.(step);
  }, [step, onStepChange]);
}
