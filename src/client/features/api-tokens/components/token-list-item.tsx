import { KeyRound, Trash2 } from 'lucide-react';
import type { ApiToken } from '@/contracts/api-tokens.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { describeScopes, formatTokenDate, TOKEN_STATE_LABEL, tokenState } from '../lib/token-labels.ts';

const STATE_BADGE = { active: 'success', expired: 'warning', revoked: 'secondary' } as const;

/** One token: name, what it may do, whether it still works, its visible start, where it acts, its dates, Revoke. */
export function TokenListItem({ token, showCreator, onRevoke }: { token: ApiToken; showCreator: boolean; onRevoke: () => void }) {
  const state = tokenState(token, new Date());
  return (
    // Stacked at every width: a long name or organisation must not squeeze the button.
    <li className="flex flex-col gap-2 py-3" aria-label={token.name} data-testid="api-token-item">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words text-slate-900">{token.name}</span>
            <Badge variant={STATE_BADGE[state]}>{TOKEN_STATE_LABEL[state]}</Badge>
            <Badge variant="outline">{describeScopes(token.scopes)}</Badge>
          </div>
          <p className="text-sm break-words text-slate-600">
            <code className="font-mono break-all text-slate-800">{token.prefix}…</code> · acts in {token.organizationName}
            {showCreator && token.createdByEmail ? ` · created by ${token.createdByEmail}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            Created {formatTokenDate(token.createdAt)} · {state === 'revoked' && token.revokedAt ? `revoked ${formatTokenDate(token.revokedAt)}` : `expires ${formatTokenDate(token.expiresAt)}`} ·{' '}
            {token.lastUsedAt ? `last used ${formatTokenDate(token.lastUsedAt)}` : 'never used'}
          </p>
        </div>
      </div>
      {state === 'active' ? (
        <div className="pl-8">
          <Button type="button" variant="outline" size="sm" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}
