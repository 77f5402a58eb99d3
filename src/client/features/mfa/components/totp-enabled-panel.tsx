import { ShieldOff } from 'lucide-react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { BackupCodesPanel } from './backup-codes-panel.tsx';

/** The status step when TOTP is on: backup codes left, View Codes, Regenerate, Disable TOTP. */
export function TotpEnabledPanel({
  backupCodesCount,
  codes,
  showCodes,
  isRegenerating,
  isDisabling,
  onToggleCodes,
  onRegenerate,
  onDisable,
}: {
  backupCodesCount: number;
  codes: string[] | null;
  showCodes: boolean;
  isRegenerating: boolean;
  isDisabling: boolean;
  onToggleCodes: () => void;
  onRegenerate: () => void;
  onDisable: () => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Backup codes remaining: <strong data-testid="backup-codes-remaining">{backupCodesCount}</strong>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onToggleCodes}>
          View Codes
        </Button>
        <Button type="button" variant="outline" onClick={onRegenerate} disabled={isRegenerating}>
          {isRegenerating ? 'Regenerating...' : 'Regenerate'}
        </Button>
        <Button type="button" variant="destructive" onClick={onDisable} disabled={isDisabling}>
          <ShieldOff aria-hidden="true" />
          Disable TOTP
        </Button>
      </div>
      {showCodes ? (
        codes ? (
          <BackupCodesPanel codes={codes} />
        ) : (
          <Alert>
            <AlertDescription>
              For your security, backup codes are stored only in a form that cannot be read back and are shown once, when they are generated. Use Regenerate to get a new set.
            </AlertDescription>
          </Alert>
        )
      ) : null}
    </div>
  );
}
