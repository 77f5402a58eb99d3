import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DataTableHead, type TableLook } from '@/client/components/ui/data-table.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { AssessmentListItem } from '@/contracts/assessments.ts';
import { fetchAssessment } from '../../shared/api/get-assessment.ts';
import { useAssessments } from '../../shared/api/list-assessments.ts';
import { useDeleteAssessment } from '../api/delete-assessment.ts';
import { useDuplicateAssessment } from '../api/duplicate-assessment.ts';
import { downloadText } from '@/client/lib/download-text.ts';
import { buildAssessmentCsv, buildAssessmentJson, toFileName } from '../lib/export-assessment.ts';
import { formatDate, formatUsd } from '../../shared/lib/format.ts';
import { RenameAssessmentDialog } from './rename-assessment-dialog.tsx';

const PAGE_SIZE = 20;

async function exportAssessment(item: AssessmentListItem, kind: 'csv' | 'json') {
  try {
    const full = await fetchAssessment(item.id);
    if (kind === 'csv') downloadText(toFileName(item.title, 'csv'), buildAssessmentCsv(full), 'text/csv;charset=utf-8');
    else downloadText(toFileName(item.title, 'json'), buildAssessmentJson(full), 'application/json');
  } catch (error) {
    toast({ title: 'Export failed', description: getErrorMessage(error), variant: 'destructive' });
  }
}

/** Where an assessment opens: its result when completed, the questionnaire while a draft. */
function hrefOf(item: AssessmentListItem): string {
  return item.status === 'completed' ? `/history/${item.id}` : `/?id=${item.id}`;
}

interface RowActions {
  isDuplicating: boolean;
  onRename: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

function HistoryRow({ item, isDuplicating, onRename, onDuplicate, onDelete }: { item: AssessmentListItem } & RowActions) {
  const [, navigate] = useLocation();
  const isCompleted = item.status === 'completed';
  return (
    <tr className="border-t border-slate-100 align-middle">
      <th scope="row" className="px-3 py-2 font-medium">
        <Link href={hrefOf(item)} className="text-blue-800 underline-offset-2 hover:underline">
          {item.title}
        </Link>
      </th>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(item.completedAt ?? item.createdAt)}</td>
      <td className="px-3 py-2">{item.author?.name ?? '—'}</td>
      <td className="px-3 py-2">
        <Badge variant={isCompleted ? 'success' : 'secondary'}>{isCompleted ? 'Completed' : 'Draft'}</Badge>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{item.summary ? formatUsd(item.summary.aleUsd) : '—'}</td>
      <td className="px-3 py-2 text-right tabular-nums">{item.summary ? `${item.summary.score.toFixed(0)} (${item.summary.bandLabel})` : '—'}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => navigate(hrefOf(item))} aria-label={`${isCompleted ? 'Open' : 'Continue'} ${item.title}`}>
            {isCompleted ? 'Open' : 'Continue'}
          </Button>
          <Button size="sm" variant="outline" onClick={onRename} aria-label={`Rename ${item.title}`}>
            Rename
          </Button>
          <Button size="sm" variant="outline" onClick={onDuplicate} disabled={isDuplicating} aria-label={`Duplicate ${item.title}`}>
            Duplicate
          </Button>
          <Button size="sm" variant="outline" onClick={() => void exportAssessment(item, 'json')} aria-label={`Export ${item.title} as JSON`}>
            JSON
          </Button>
          <Button size="sm" variant="outline" onClick={() => void exportAssessment(item, 'csv')} aria-label={`Export ${item.title} as CSV`}>
            CSV
          </Button>
          <Button size="sm" variant="destructive" onClick={onDelete} aria-label={`Delete ${item.title}`}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}

function PageNav({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pageCount}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** Asks before deleting: the assessment goes for everyone in the organisation. */
function ConfirmDeleteDialog({ item, isPending, onConfirm, onCancel }: { item: AssessmentListItem | null; isPending: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this assessment?</DialogTitle>
          <DialogDescription>"{item?.title}" will be deleted for everyone in your organisation. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
            {isPending ? 'Deleting…' : 'Delete assessment'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function NoAssessments() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mb-3 text-slate-700">No assessments yet.</p>
      <Button asChild>
        <Link href="/">Start an assessment</Link>
      </Button>
    </div>
  );
}

/** The rows are drawn by HistoryRow (with its actions); only the header row is shared. */
const HISTORY_LOOK: TableLook = { cell: 'px-3 py-2', thead: 'bg-slate-50', headRow: '' };

const HISTORY_HEADERS = [
  { header: 'Assessment' },
  { header: 'Date' },
  { header: 'Author' },
  { header: 'Status' },
  { header: 'Expected annual loss', className: 'text-right' },
  { header: 'Score', className: 'text-right' },
  { header: 'Actions' },
] as const;

/** The organisation's assessments, newest first, with open, rename (ADR 217), duplicate, export and delete. */
export function HistoryTable() {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAssessments(page, PAGE_SIZE);
  const duplicate = useDuplicateAssessment();
  const remove = useDeleteAssessment();
  const [toDelete, setToDelete] = useState<AssessmentListItem | null>(null);
  const [toRename, setToRename] = useState<AssessmentListItem | null>(null);

  if (isLoading) return <p role="status">Loading assessments…</p>;
  if (error) return <p role="alert">Could not load assessments: {getErrorMessage(error)}</p>;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const onDuplicate = (item: AssessmentListItem) => {
    duplicate.mutate(item.id, {
      onSuccess: (copy) => {
        toast({ title: 'Duplicated', description: `"${copy.title}" is a new draft.` });
      },
      onError: (e) => toast({ title: 'Could not duplicate', description: getErrorMessage(e), variant: 'destructive' }),
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    const item = toDelete;
    remove.mutate(item.id, {
      onSuccess: () => {
        toast({ title: 'Deleted', description: `"${item.title}" was deleted.` });
        setToDelete(null);
      },
      onError: (e) => toast({ title: 'Could not delete', description: getErrorMessage(e), variant: 'destructive' }),
    });
  };

  if (items.length === 0) return <NoAssessments />;

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Assessments table, scrolls sideways on small screens">
        <table className="w-full min-w-[900px] border-collapse text-left text-sm">
          <caption className="sr-only">Assessments of your organisation, newest first</caption>
          <DataTableHead headers={HISTORY_HEADERS} look={HISTORY_LOOK} />
          <tbody>
            {items.map((item) => (
              <HistoryRow
                key={item.id}
                item={item}
                isDuplicating={duplicate.isPending}
                onRename={() => setToRename(item)}
                onDuplicate={() => onDuplicate(item)}
                onDelete={() => setToDelete(item)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <PageNav page={page} pageCount={pageCount} onPage={setPage} />
      <RenameAssessmentDialog item={toRename} onClose={() => setToRename(null)} />
      <ConfirmDeleteDialog item={toDelete} isPending={remove.isPending} onConfirm={onConfirmDelete} onCancel={() => setToDelete(null)} />
    </div>
  );
}
