import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';

/**
 * The one time a token's secret is shown: CIFER keeps only its hash, so once this closes nobody can
 * read it again (a lost secret means a new token).
 */
export function TokenSecretView({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // The clipboard may be refused (permissions, plain HTTP): the secret stays selectable below.
      setCopied(false);
    }
  };
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <AlertDescription>Copy it now. This is the only time it is shown; if you lose it, revoke it and create another.</AlertDescription>
      </Alert>
      <label htmlFor="token-secret" className="sr-only">
        Your new token
      </label>
      <textarea
        id="token-secret"
        readOnly
        rows={2}
        value={secret}
        data-testid="api-token-secret"
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-none rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-sm break-all text-slate-900"
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button type="button" onClick={onDone}>
          I have copied it
        </Button>
      </DialogFooter>
      <p className="sr-only" role="status">
        {copied ? 'Token copied to the clipboard' : ''}
      </p>
    </div>
  );
}
