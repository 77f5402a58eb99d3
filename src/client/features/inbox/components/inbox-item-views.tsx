import type { ReactNode } from 'react';
import {
  COMPANY_SIZE_LABELS,
  CONSULTATION_INDUSTRY_LABELS,
  CONSULTATION_SERVICE_LABELS,
  CONSULTATION_STATUSES,
} from '@/contracts/consultations.ts';
import { HELP_CATEGORY_LABELS, HELP_REQUEST_STATUSES } from '@/contracts/help.ts';
import type { InboxItem, InboxKind } from '@/contracts/inbox.ts';

type BadgeVariant = 'warning' | 'success' | 'secondary';
type ItemOf<K extends InboxKind> = Extract<InboxItem, { kind: K }>;

/** How the inbox shows one kind of request: its name, statuses and text. */
interface KindView<T extends { status: S }, S extends string> {
  label: string;
  statuses: readonly S[];
  statusLabels: Record<S, string>;
  statusBadges: Record<S, BadgeVariant>;
  selectLabel: (item: T) => string;
  summary: (item: T) => ReactNode;
}

function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value;
}

function Sent({ at }: { at: string }) {
  return <time dateTime={at}>{new Date(at).toLocaleString()}</time>;
}

const HELP: KindView<ItemOf<'help'>, ItemOf<'help'>['status']> = {
  label: 'Help request',
  statuses: HELP_REQUEST_STATUSES,
  statusLabels: { open: 'Open', answered: 'Answered', closed: 'Closed' },
  statusBadges: { open: 'warning', answered: 'success', closed: 'secondary' },
  selectLabel: (item) => `Status of “${item.subject}”`,
  summary: (item) => (
    <>
      <h3 className="font-semibold break-words text-slate-900">{item.subject}</h3>
      <p className="text-sm text-slate-700">
        {HELP_CATEGORY_LABELS[item.category]} · {item.userName} &lt;{item.userEmail || 'no e-mail'}&gt; · <Sent at={item.createdAt} />
      </p>
    </>
  ),
};

const CONSULTATION: KindView<ItemOf<'consultation'>, ItemOf<'consultation'>['status']> = {
  label: 'Consultation request',
  statuses: CONSULTATION_STATUSES,
  statusLabels: { new: 'New', contacted: 'Contacted', closed: 'Closed' },
  statusBadges: { new: 'warning', contacted: 'success', closed: 'secondary' },
  selectLabel: (item) => `Status of the request from ${item.company}`,
  summary: (item) => (
    <>
      <h3 className="font-semibold break-words text-slate-900">
        {item.company} · {item.name}
      </h3>
      <p className="text-sm break-words text-slate-700">
        <a className="text-blue-800 underline" href={`mailto:${item.email}`}>
          {item.email}
        </a>{' '}
        · {labelOf(COMPANY_SIZE_LABELS, item.companySize)} · {labelOf(CONSULTATION_INDUSTRY_LABELS, item.industry)} ·{' '}
        <Sent at={item.createdAt} />
      </p>
      <p className="text-sm font-medium text-slate-900">{labelOf(CONSULTATION_SERVICE_LABELS, item.service)}</p>
    </>
  ),
};

/** Each kind's name, for the filter. */
export const KIND_LABELS: Record<InboxKind, string> = { help: HELP.label, consultation: CONSULTATION.label };

/** One item with its kind's view applied: what the inbox row shows, the same for every kind. */
export interface BoundItem {
  label: string;
  statusLabel: string;
  statusBadge: BadgeVariant;
  selectLabel: string;
  summary: ReactNode;
  statuses: readonly string[];
  statusLabels: Record<string, string>;
}

function bind<T extends { status: S }, S extends string>(view: KindView<T, S>, item: T): BoundItem {
  const { status } = item;
  return {
    label: view.label,
    statusLabel: view.statusLabels[status],
    statusBadge: view.statusBadges[status],
    selectLabel: view.selectLabel(item),
    summary: view.summary(item),
    statuses: view.statuses,
    statusLabels: view.statusLabels,
  };
}

export function bindItem(item: InboxItem): BoundItem {
  return item.kind === 'help' ? bind(HELP, item) : bind(CONSULTATION, item);
}
