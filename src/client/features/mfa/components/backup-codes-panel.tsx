import { Download } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { downloadText } from '@/client/lib/download-text.ts';
import { BACKUP_CODES_FILE_NAME, buildBackupCodesFile } from '../lib/mfa-input.ts';

export const SINGLE_USE_WARNING = 'Each backup code can be used only once. Store them somewhere safe: they are shown only now.';

function downloadBackupCodes(codes: string[]) {
  downloadText(BACKUP_CODES_FILE_NAME, buildBackupCodesFile(codes, new Date()), 'text/plain;charset=utf-8');
}

/** The codes of one generation (never retrievable again from the server), with Download. */
export function BackupCodesPanel({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-4">
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-lg" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-widest">
            {code}
          </li>
        ))}
      </ul>
      <Alert variant="warning">
        <AlertTitle>Save your backup codes</AlertTitle>
        <AlertDescription>{SINGLE_USE_WARNING}</AlertDescription>
      </Alert>
      <Button type="button" variant="outline" className="w-full" onClick={() => downloadBackupCodes(codes)}>
        <Download aria-hidden="true" />
        Download
      </Button>
    </div>
  );
}
