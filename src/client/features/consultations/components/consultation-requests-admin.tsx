import { RequestInbox } from '@/client/components/layout/request-inbox.tsx';
import {
  COMPANY_SIZE_LABELS,
  CONSULTATION_INDUSTRY_LABELS,
  CONSULTATION_SERVICE_LABELS,
  CONSULTATION_STATUSES,
  type ConsultationStatus,
} from '@/contracts/consultations.ts';
import { useConsultations } from '../api/get-consultations.ts';
import { useUpdateConsultation } from '../api/update-consultation.ts';

const STATUS_LABELS: Record<ConsultationStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };
const STATUS_BADGES = { new: 'warning', contacted: 'success', closed: 'secondary' } as const;

function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}

/** Consultation requests from the landing page for administrators (the shared request inbox). */
export function ConsultationRequestsAdmin() {
  return (
    <RequestInbox
      title="Consultation requests"
      description="Sent from the landing page's consultation form; each one is also e-mailed to sales."
      noun="consultation requests"
      testId="consultation-requests"
      query={useConsultations()}
      update={useUpdateConsultation()}
      statuses={CONSULTATION_STATUSES}
      statusLabels={STATUS_LABELS}
      statusBadges={STATUS_BADGES}
      selectLabel={(request) => `Status of the request from ${request.company}`}
      renderSummary={(request) => (
        <>
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
        </>
      )}
      renderMessage={(request) => (request.message ? <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800">{request.message}</p> : null)}
    />
  );
}
