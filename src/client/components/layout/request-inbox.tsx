import type { ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { StatusSelect } from '@/client/components/ui/status-select.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { LoadingState } from './loading-overlay.tsx';

type BadgeVariant = 'warning' | 'success' | 'secondary';

interface InboxItem<S extends string> {
  id: string;
  status: S;
}

/**
 * An administrator's inbox of requests people sent (help, consultations): newest first, each with
 * a status badge and picker. User text is rendered only as React text nodes, never as HTML, so
 * markup in a message shows as typed (security.md VAL-03).
 */
export function RequestInbox<S extends string, T extends InboxItem<S>>({
  title,
  description,
  noun,
  testId,
  query,
  update,
  statuses,
  statusLabels,
  statusBadges,
  selectLabel,
  renderSummary,
  renderMessage,
}: {
  title: string;
  description: string;
  /** Plural, lower case: 'help requests'. */
  noun: string;
  testId: string;
  query: UseQueryResult<{ requests: T[] }>;
  update: UseMutationResult<unknown, Error, { id: string; status: S }>;
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  statusBadges: Record<S, BadgeVariant>;
  selectLabel: (request: T) => string;
  renderSummary: (request: T) => ReactNode;
  renderMessage: (request: T) => ReactNode;
}) {
  const requests = query.data?.requests ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? <LoadingState message={`Loading ${noun}...`} /> : null}
        {query.isError ? <p className="text-red-700">{getErrorMessage(query.error)}</p> : null}
        {query.isSuccess && requests.length === 0 ? <p className="text-slate-700">No {noun} yet.</p> : null}
        <ul className="grid gap-4" data-testid={testId}>
          {requests.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">{renderSummary(request)}</div>
                <div className="flex items-center gap-2">
                  <Badge variant={statusBadges[request.status]}>{statusLabels[request.status]}</Badge>
                  <StatusSelect
                    id={`${testId}-status-${request.id}`}
                    label={selectLabel(request)}
                    value={request.status}
                    statuses={statuses}
                    labels={statusLabels}
                    isPending={update.isPending}
                    onChange={(status, callbacks) => update.mutate({ id: request.id, status }, callbacks)}
                  />
                </div>
              </div>
              {renderMessage(request)}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
