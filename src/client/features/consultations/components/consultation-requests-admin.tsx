import {
  COMPANY_SIZE_LABELS,
  CONSULTATION_INDUSTRY_LABELS,
  CONSULTATION_SERVICE_LABELS,
  CONSULTATION_STATUSES,
  type ConsultationStatus,
} from '@/contracts/consultations.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { StatusSelect } from '@/client/components/ui/status-select.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { useConsultations } from '../api/get-consultations.ts';
import { useUpdateConsultation } from '../api/update-consultation.ts';

const STATUS_LABELS: Record<ConsultationStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };
const STATUS_BADGE = { new: 'warning', contacted: 'success', closed: 'secondary' } as const;

function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}

/** Consultation requests from the landing page, newest first; text is shown as text only. */
export function ConsultationRequestsAdmin() {
  const query = useConsultations();
  const update = useUpdateConsultation();
  const requests = query.data?.requests ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Consultation requests</CardTitle>
        <CardDescription>Sent from the landing page's consultation form; each one is also e-mailed to sales.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? <LoadingState message="Loading consultation requests..." /> : null}
        {query.isError ? <p className="text-red-700">{getErrorMessage(query.error)}</p> : null}
        {query.isSuccess && requests.length === 0 ? <p className="text-slate-700">No consultation requests yet.</p> : null}
        <ul className="grid gap-4" data-testid="consultation-requests">
          {requests.map((request) => (
            <li key={request.id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-slate-900">
                    {request.company} · {request.name}
                  </h3>
                  <p className="text-sm break-words text-slate-700">
                    <a className="text-blue-800 underline" href={`mailto:${request.email}`}>
                      {request.email}
                    </a>{' '}
                    · {labelOf(COMPANY_SIZE_LABELS, request.companySize)} · {labelOf(CONSULTATION_INDUSTRY_LABELS, request.industry)} ·{' '}
                    <time dateTime={request.createdAt}>{new Date(request.createdAt).toLocaleString()}</time>
                  </p>
                  <p className="text-sm font-medium text-slate-900">{labelOf(CONSULTATION_SERVICE_LABELS, request.service)}</p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge variant={STATUS_BADGE[request.status]}>{STATUS_LABELS[request.status]}</Badge>
                  <StatusSelect
                    id={`consultation-status-${request.id}`}
                    label={`Status of the request from ${request.company}`}
                    value={request.status}
                    statuses={CONSULTATION_STATUSES}
                    labels={STATUS_LABELS}
                    isPending={update.isPending}
                    onChange={(status, callbacks) => update.mutate({ id: request.id, status }, callbacks)}
                  />
                </div>
              </div>
              {request.message ? <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800">{request.message}</p> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
