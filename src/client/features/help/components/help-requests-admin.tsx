import { RequestInbox } from '@/client/components/layout/request-inbox.tsx';
import { HELP_CATEGORY_LABELS, HELP_REQUEST_STATUSES, type HelpRequestStatus } from '@/contracts/help.ts';
import { useHelpRequests } from '../api/get-help-requests.ts';
import { useUpdateHelpRequest } from '../api/update-help-request.ts';

const STATUS_LABELS: Record<HelpRequestStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };
const STATUS_BADGES = { open: 'warning', answered: 'success', closed: 'secondary' } as const;

/** Help requests for administrators (the shared request inbox). */
export function HelpRequestsAdmin() {
  return (
    <RequestInbox
      title="Help requests"
      description="Requests sent from the Help dialog. Reply by e-mail, then mark them answered or closed."
      noun="help requests"
      testId="help-requests"
      query={useHelpRequests()}
      update={useUpdateHelpRequest()}
      statuses={HELP_REQUEST_STATUSES}
      statusLabels={STATUS_LABELS}
      statusBadges={STATUS_BADGES}
      selectLabel={(request) => `Status of “${request.subject}”`}
      renderSummary={(request) => (
        <>
          <h3 className="font-semibold break-words text-slate-900">{request.subject}</h3>
          <p className="text-sm text-slate-700">
            {HELP_CATEGORY_LABELS[request.category]} · {request.userName} &lt;{request.userEmail || 'no e-mail'}&gt; ·{' '}
            <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleString()}</time>
          </p>
        </>
      )}
      renderMessage={(request) => (
        <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="help-request-message">
          {request.message}
        </p>
      )}
    />
  );
}
