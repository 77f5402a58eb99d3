import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { buttonVariants } from '@/client/components/ui/button.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { auditCsvUrl } from '../api/get-audit-csv.ts';
import { useAuditLog, type AuditFilters } from '../api/get-audit-log.ts';
import { PagedTable } from './pagination.tsx';

const FIELDS: Array<{ key: 'actor' | 'target' | 'action' | 'from' | 'to'; label: string; type: string }> = [
  { key: 'actor', label: 'Actor e-mail', type: 'search' },
  { key: 'target', label: 'Target e-mail', type: 'search' },
  { key: 'action', label: 'Action (e.g. admin.)', type: 'search' },
  { key: 'from', label: 'From (UTC)', type: 'date' },
  { key: 'to', label: 'To (UTC)', type: 'date' },
];

/** The audit log on screen: filters, pages of 50, CSV export of every matching row. */
export function AuditLogSection() {
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', target: '', action: '', from: '', to: '', page: 1 });
  const { data, error } = useAuditLog(filters);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>Security and administration events, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {FIELDS.map((field) => (
            <div key={field.key} className="grid gap-1">
              <Label htmlFor={`audit-${field.key}`}>{field.label}</Label>
              <Input id={`audit-${field.key}`} type={field.type} value={filters[field.key]} onChange={(e) => setFilters((f) => ({ ...f, [field.key]: e.target.value, page: 1 }))} />
            </div>
          ))}
        </div>
        <div>
          <a className={buttonVariants({ variant: 'outline', size: 'sm' })} href={auditCsvUrl(filters)} download>
            Export CSV
          </a>
        </div>
        {error ? <p role="alert" className="text-red-700">{getErrorMessage(error)}</p> : null}
        {data ? (
          <PagedTable
            name="Audit events"
            pagesLabel="Audit log pages"
            columns={['Time', 'Action', 'Actor', 'Target', 'Details']}
            rowCount={data.events.length}
            emptyText="No event matches these filters."
            page={data}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          >
            {data.events.map((event) => (
              <tr key={event.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">
                  <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>
                </td>
                <td className="py-2 pr-3 break-all">{event.action}</td>
                <td className="py-2 pr-3 break-all">{event.actorEmail ?? 'system'}</td>
                <td className="py-2 pr-3 break-all">{event.targetEmail ?? ''}</td>
                <td className="py-2 text-xs break-all text-slate-700">{summarize(event.details)}</td>
              </tr>
            ))}
          </PagedTable>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Before and after first, without the request bookkeeping. */
function summarize(details: Record<string, unknown>): string {
  const { userAgent: _ua, requestId: _id, ...rest } = details;
  return JSON.stringify(rest);
}
