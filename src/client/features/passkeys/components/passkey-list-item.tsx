import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import type { Passkey } from '@/contracts/passkeys.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { describeLastUse, describeStorage, formatPasskeyDate } from '../lib/passkey-labels.ts';

/** One passkey: its name, where it lives, when it was added and last used, Rename and Remove. */
export function PasskeyListItem({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const storage = describeStorage(passkey);
  return (
    // Stacked at every width: the card is narrow, and a long name should not squeeze the buttons.
    <li className="flex flex-col gap-3 py-3" aria-label={passkey.name}>
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words text-slate-900" data-testid="passkey-name">
              {passkey.name}
            </span>
            <Badge variant="outline" title={storage.hint}>
              {storage.label}
            </Badge>
          </div>
          <p className="text-sm text-slate-600">
            Added {formatPasskeyDate(passkey.createdAt)} · {describeLastUse(passkey)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-8">
        <Button type="button" variant="outline" size="sm" onClick={onRename} aria-label={`Rename ${passkey.name}`}>
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}
