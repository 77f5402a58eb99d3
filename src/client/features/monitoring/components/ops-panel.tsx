import { Badge } from '@/client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useOpsHealth } from '../api/get-ops-health.ts';
import { formatDuration } from '../lib/format.ts';

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-semibold break-words text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Operational health for administrators: outbox, job queue, database, version and uptime. */
export function OpsPanel() {
  const { data, isLoading, error } = useOpsHealth(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Operational health</CardTitle>
        <CardDescription>Administrators only. Refreshed every 30 seconds.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? <p className="text-sm text-slate-600">Checking…</p> : null}
        {error ? <p className="text-sm text-red-700">Could not read the health: {getErrorMessage(error)}</p> : null}
        {data ? (
          <>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Stat label="Database" value={`${data.database.label}: ${data.database.reachable ? `reachable (${data.database.latencyMs ?? '?'} ms)` : 'NOT reachable'}`} testId="ops-database" />
              <Stat label="App version" value={`${data.app.version} (model ${data.app.engineVersion})`} />
              <Stat label="Uptime" value={formatDuration(data.app.uptimeSeconds)} />
              <Stat label="Metrics endpoint" value={data.metricsEnabled ? 'Enabled (bearer token)' : 'Off (no METRICS_TOKEN)'} />
              <Stat label="Outbox backlog" value={`${data.outbox.backlog}${data.outbox.oldestWaitingSeconds !== null ? `, oldest ${formatDuration(data.outbox.oldestWaitingSeconds)}` : ''}`} testId="ops-outbox-backlog" />
              <Stat label="Outbox held / failed" value={`${data.outbox.byStatus.held ?? 0} / ${data.outbox.byStatus.failed ?? 0}`} />
              <Stat label="Jobs pending / running" value={`${data.jobs.counts.pending} / ${data.jobs.counts.running}`} testId="ops-jobs" />
              <Stat label="Jobs done / failed" value={`${data.jobs.counts.done} / ${data.jobs.counts.failed}`} />
            </dl>
            {data.outbox.recentFailures.length + data.jobs.recentFailures.length > 0 ? (
              <section aria-label="Recent failures" className="grid gap-2">
                <h3 className="text-base font-semibold text-slate-900">Recent failures</h3>
                <ul className="grid gap-1 text-sm">
                  {data.outbox.recentFailures.map((failure) => (
                    <li key={failure.id} className="break-words">
                      <Badge variant="destructive">e-mail</Badge> {failure.subject} — {failure.attempts} attempts: {failure.lastError ?? 'unknown error'}
                    </li>
                  ))}
                  {data.jobs.recentFailures.map((failure) => (
                    <li key={failure.id} className="break-words">
                      <Badge variant="destructive">job</Badge> {failure.name} — {failure.attempts} attempts: {failure.lastError ?? 'unknown error'}
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <p className="text-sm text-slate-700">No failed e-mails or jobs.</p>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
