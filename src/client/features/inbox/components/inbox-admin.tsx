import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { StatusSelect } from '@/client/components/ui/status-select.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { INBOX_KINDS, UpdateInboxItemInputSchema, type InboxItem, type InboxKind, type UpdateInboxItemInput } from '@/contracts/inbox.ts';
import { useInbox, useUpdateInboxItem } from '../api/inbox.ts';
import { KIND_LABELS, bindItem } from './inbox-item-views.tsx';

type Filter = 'all' | InboxKind;

function InboxEntry({ item, update }: { item: InboxItem; update: ReturnType<typeof useUpdateInboxItem> }) {
  const view = bindItem(item);
  const changeTo = (status: string): UpdateInboxItemInput => UpdateInboxItemInputSchema.parse({ kind: item.kind, status });
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-kind={item.kind}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Badge variant="secondary">{view.label}</Badge>
          {view.summary}
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={view.statusBadge}>{view.statusLabel}</Badge>
          <StatusSelect
            id={`inbox-status-${item.id}`}
            label={view.selectLabel}
            value={item.status}
            statuses={view.statuses}
            labels={view.statusLabels}
            isPending={update.isPending}
            onChange={(status, callbacks) => update.mutate({ id: item.id, change: changeTo(status) }, callbacks)}
          />
        </div>
      </div>
      {item.message ? (
        <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="inbox-message">
          {item.message}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The administrators' one inbox (ADR 306): help requests and consultation requests, newest first,
 * each with its kind, a status badge and picker. User text is rendered only as React text nodes,
 * never as HTML, so markup in a message shows as typed (security.md VAL-03).
 */
export function InboxAdmin() {
  const query = useInbox();
  const update = useUpdateInboxItem();
  const [filter, setFilter] = useState<Filter>('all');
  const requests = (query.data?.requests ?? []).filter((item) => filter === 'all' || item.kind === filter);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Inbox</CardTitle>
        <CardDescription>
          What people sent the team: help requests from the Help dialog and consultation requests from the landing page. Reply by e-mail,
          then move each one on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label className="mb-4 flex items-center gap-2 text-sm text-slate-700">
          Show
          <select
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            <option value="all">Every request</option>
            {INBOX_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}s only
              </option>
            ))}
          </select>
        </label>
        {query.isLoading ? <LoadingState message="Loading the inbox..." /> : null}
        {query.isError ? <p className="text-red-700">{getErrorMessage(query.error)}</p> : null}
        {query.isSuccess && requests.length === 0 ? <p className="text-slate-700">Nothing in the inbox yet.</p> : null}
        <ul className="grid gap-4" data-testid="inbox">
          {requests.map((item) => (
            <InboxEntry key={`${item.kind}:${item.id}`} item={item} update={update} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
