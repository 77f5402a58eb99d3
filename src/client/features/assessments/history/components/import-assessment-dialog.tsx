import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { DialogCloseFooter } from '@/client/components/ui/dialog-success.tsx';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import type { Assessment } from '@/contracts/assessments.ts';
import { IMPORT_MAX_ROWS, type PartnerImportResponse } from '@/contracts/import.ts';
import { ImportRefusedError, useImportAssessment, useImportPartnerAssessments } from '../api/import-assessment.ts';
import { ImportIssuesTable } from './import-issues-table.tsx';

const FILE_FIELD = 'import-file';
type ImportKind = 'one' | 'partner';
const KINDS: { value: ImportKind; label: string; hint: string; accept: string }[] = [
  { value: 'one', label: 'One assessment', hint: 'The CSV or JSON the export wrote, or the same CSV saved as XLSX.', accept: '.csv,.xlsx,.json' },
  { value: 'partner', label: 'Client organisations (partner file)', hint: 'One assessment per row, with an "organization" column naming each client organisation.', accept: '.csv,.xlsx' },
];

/**
 * "Import" on History (ADR 231): a file the export wrote becomes a new draft of the current
 * organisation, or a partner's file one draft per row in each client organisation it names. A
 * refused file lists each bad row and field, and nothing is imported.
 */
export function ImportAssessmentDialog() {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ImportKind>('one');
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const importOne = useImportAssessment();
  const importPartner = useImportPartnerAssessments();
  const active = kind === 'one' ? importOne : importPartner;
  const [, navigate] = useLocation();
  const refusal = active.error instanceof ImportRefusedError ? active.error : null;

  const clearResult = () => {
    importOne.reset();
    importPartner.reset();
  };
  const onOpenChange = (next: boolean) => {
    if (!next) {
      clearResult();
      setFile(null);
      setMissingFile(false);
    }
    setOpen(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMissingFile(true);
    if (kind === 'one') importOne.mutate(file);
    else importPartner.mutate(file);
  };
  const fileError = missingFile ? 'Choose a file to import' : undefined;
  const close = () => onOpenChange(false);

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="outline">Import</Button>}
      title="Import assessments"
      description="The answers in the file become new drafts that you review and complete. Nothing is imported from a file with problems."
      className="sm:max-w-2xl"
    >
      {importOne.data ? (
        <ImportedNotice assessment={importOne.data} onOpen={() => navigate(`/?id=${importOne.data.id}`)} onClose={close} />
      ) : importPartner.data ? (
        <PartnerImportedNotice result={importPartner.data} onClose={close} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" aria-label="Import assessments">
          <KindChoice
            kind={kind}
            onChoose={(value) => {
              clearResult();
              setKind(value);
            }}
          />
          <FormField id={FILE_FIELD} label="File" error={fileError} required hint={`Up to 1 MB and ${IMPORT_MAX_ROWS} rows.`}>
            <Input
              type="file"
              accept={KINDS.find((option) => option.value === kind)?.accept}
              {...fieldAria(FILE_FIELD, fileError, true)}
              onChange={(event) => {
                clearResult();
                setMissingFile(false);
                setFile(event.target.files?.[0] ?? null);
              }}
            />
          </FormField>
          {refusal ? <RefusalNotice refusal={refusal} /> : null}
          <DialogFormFooter onCancel={close} isPending={active.isPending} submitLabel="Import" pendingLabel="Importing…" />
        </form>
      )}
    </TitledDialog>
  );
}

/** What the file holds: one exported assessment or a partner's file of client organisations. */
function KindChoice({ kind, onChoose }: { kind: ImportKind; onChoose: (kind: ImportKind) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">What the file holds</legend>
      {KINDS.map((option) => (
        <label key={option.value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50">
          <input
            type="radio"
            name="import-kind"
            value={option.value}
            checked={kind === option.value}
            onChange={() => onChoose(option.value)}
            className="mt-1"
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">{option.label}</span>
            <span className="text-xs text-slate-600">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function RefusalNotice({ refusal }: { refusal: ImportRefusedError }) {
  return (
    <div className="grid min-w-0 gap-3">
      <Alert variant="destructive">
        <AlertTitle>The file was not imported</AlertTitle>
        <AlertDescription>{refusal.message}</AlertDescription>
      </Alert>
      {refusal.issues.length > 0 ? <ImportIssuesTable issues={refusal.issues} /> : null}
    </div>
  );
}

function ImportedNotice({ assessment, onOpen, onClose }: { assessment: Assessment; onOpen: () => void; onClose: () => void }) {
  const answered = Object.keys(assessment.input.factors ?? {}).length;
  return (
    <div className="grid gap-4" role="status">
      <Alert variant="success">
        <AlertTitle>Imported as a draft</AlertTitle>
        <AlertDescription>
          “{assessment.title}” holds {answered} of the factor answers. Open it to review the answers and complete it.
        </AlertDescription>
      </Alert>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button type="button" onClick={onOpen}>
          Open the draft
        </Button>
      </DialogFooter>
    </div>
  );
}

function PartnerImportedNotice({ result, onClose }: { result: PartnerImportResponse; onClose: () => void }) {
  const count = result.created.length;
  return (
    <div className="grid gap-4" role="status">
      <Alert variant="success">
        <AlertTitle>
          Imported {count} draft{count === 1 ? '' : 's'}
        </AlertTitle>
        <AlertDescription>Switch to each organisation to review and complete its drafts.</AlertDescription>
      </Alert>
      <ul className="grid max-h-64 gap-1 overflow-y-auto text-sm">
        {result.created.map((item) => (
          <li key={item.id}>
            <span className="font-medium">{item.organizationName}</span>: {item.title}
          </li>
        ))}
      </ul>
      <DialogCloseFooter onClose={onClose} />
    </div>
  );
}
