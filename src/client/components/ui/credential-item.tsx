import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from '@/client/lib/utils.ts';

/**
 * One of the person's credentials in a list (an API token, a passkey, a connected assistant): an
 * icon, the name with its badges, lines of detail, and the actions under it. Stacked at every
 * width: a long name or organisation must not squeeze the buttons.
 */
export function CredentialItem({
  icon: Icon,
  name,
  nameTestId,
  badges,
  details,
  actions,
  testId,
  className = 'gap-2',
  detailsClassName = 'grid min-w-0 gap-1',
  actionsClassName,
}: {
  icon: LucideIcon;
  name: string;
  nameTestId?: string;
  badges: ReactNode;
  details: ReactNode;
  /** Nothing when the credential can no longer be acted on (a revoked token). */
  actions: ReactNode;
  testId?: string;
  className?: string;
  detailsClassName?: string;
  actionsClassName?: string;
}) {
  return (
    <li className={cn('flex flex-col py-3', className)} aria-label={name} data-testid={testId}>
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
        <div className={detailsClassName}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-words text-slate-900" data-testid={nameTestId}>
              {name}
            </span>
            {badges}
          </div>
          {details}
        </div>
      </div>
      {actions ? <div className={cn('pl-8', actionsClassName)}>{actions}</div> : null}
    </li>
  );
}

/** An action on a credential, named with the credential for screen readers ("Revoke Dashboards"). */
export function CredentialAction({
  icon: Icon,
  label,
  itemName,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  itemName: string;
  onClick: () => void;
}) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} aria-label={`${label} ${itemName}`}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}
