import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';

/**
 * An admin's status picker for one request (help, consultation…): a labelled native select that
 * reports a failed update with a toast.
 */
export function StatusSelect<S extends string>({
  id,
  label,
  value,
  statuses,
  labels,
  isPending,
  onChange,
}: {
  id: string;
  label: string;
  value: S;
  statuses: readonly S[];
  labels: Record<S, string>;
  isPending: boolean;
  onChange: (status: S, callbacks: { onError: (error: unknown) => void }) => void;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={value}
        disabled={isPending}
        onChange={(event) => {
          const next = statuses.find((status) => status === event.target.value);
          if (!next) return;
          onChange(next, { onError: (error) => toast({ title: 'Update failed', description: getErrorMessage(error), variant: 'destructive' }) });
        }}
      >
        {statuses.map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </select>
    </>
  );
}
