import { HELP_CATEGORY_LABELS, HELP_REQUEST_STATUSES, type HelpRequestStatus } from '@/contracts/help.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { StatusSelect } from '@/client/components/ui/status-select.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { useHelpRequests } from '../api/get-help-requests.ts';
import { useUpdateHelpRequest } from '../api/update-help-request.ts';

const STATUS_LABELS: Record<HelpRequestStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };
const STATUS_BADGE = { open: 'warning', answered: 'success', closed: 'secondary' } as const;

/**
 * Help requests for administrators. User text is rendered as React text nodes only (never as
 * HTML), so markup in a message shows as typed (security.md VAL-03).
 */
export function HelpRequestsAdmin() {
  const query = useHelpRequests();
  const update = useUpdateHelpRequest();
  const requests = query.data?.requests ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Help requests</CardTitle>
        <CardDescription>Requests sent from the Help dialog. Reply by e-mail, then mark them answered or closed.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? <LoadingState message="Loading help requests..." /> : null}
        {query.isError ? <p className="text-red-700">{getErrorMessage(query.error)}</p> : null}
        {query.isSuccess && requests.length === 0 ? <p className="text-slate-700">No help requests yet.</p> : null}
        <ul className="grid gap-4" data-testid="help-requests">
          {requests.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-slate-900">{request.subject}</h3>
                  <p className="text-sm text-slate-700">
                    {HELP_CATEGORY_LABELS[request.category]} · {request.userName} &lt;{request.userEmail || 'no e-mail'}&gt; ·{' '}
                    <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleString()}</time>
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={STATUS_BADGE[request.status]}>{STATUS_LABELS[request.status]}</Badge>
                  <StatusSelect
                    id={`help-status-${request.id}`}
                    label={`Status of “${request.subject}”`}
                    value={request.status}
                    statuses={HELP_REQUEST_STATUSES}
                    labels={STATUS_LABELS}
                    isPending={update.isPending}
                    onChange={(status, callbacks) => update.mutate({ id: request.id, status }, callbacks)}
                  />
                </div>
              </div>
              <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="help-request-message">
                {request.message}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
