import { Copy } from 'lucide-react';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';

async function copyToClipboard(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied', description: `${label} copied to the clipboard.` });
  } catch {
    toast({ title: 'Copy failed', description: `Select the ${label.toLowerCase()} and copy it by hand.`, variant: 'destructive' });
  }
}

/** A read-only value a person pastes elsewhere (redirect URI, TXT record), with its label and a copy button. */
export function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <span className="text-sm font-medium text-slate-900">
        {label}
      </span>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900">
          {value}
        </code>
        <Button type="button" variant="outline" size="icon" onClick={() => void copyToClipboard(label, value)} aria-label={`Copy ${label}`}>
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
