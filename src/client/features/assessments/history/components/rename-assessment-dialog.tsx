import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { RenameAssessmentBodySchema, type AssessmentListItem, type RenameAssessmentBody } from '@/contracts/assessments.ts';
import { useRenameAssessment } from '../api/rename-assessment.ts';

/**
 * Names an assessment (ADR 217): the title History, the presentation picker, the home chart and
 * "what changed" show. Open while `item` is set; the contract's title rule checks the field.
 */
export function RenameAssessmentDialog({ item, onClose }: { item: AssessmentListItem | null; onClose: () => void }) {
  const rename = useRenameAssessment();
  const form = useForm<RenameAssessmentBody>({
    resolver: zodResolver(RenameAssessmentBodySchema),
    defaultValues: { title: item?.title ?? '' },
  });
  const error = form.formState.errors.title?.message;
  const { reset } = form;
  // Each opening starts from the title of the assessment it was opened for.
  useEffect(() => {
    if (item) reset({ title: item.title });
  }, [item, reset]);

  const close = () => {
    rename.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((body) => {
    if (!item) return;
    rename.mutate(
      { id: item.id, body },
      {
        onSuccess: (renamed) => {
          toast({ title: 'Renamed', description: `The assessment is now "${renamed.title}".` });
          close();
        },
        onError: (e) => form.setError('title', { message: getErrorMessage(e) }),
      },
    );
  });

  return (
    <TitledDialog
      open={item !== null}
      onOpenChange={(open) => (open ? null : close())}
      title="Rename assessment"
      description="The name History, the presentation picker and the comparisons between assessments show. Reports are always prepared for the organisation assessed."
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-label="Rename the assessment">
        <FormField id="assessment-title" label="Name" error={error} required>
          <Input maxLength={200} autoComplete="off" {...fieldAria('assessment-title', error)} {...form.register('title')} />
        </FormField>
        <DialogFormFooter onCancel={close} isPending={rename.isPending} submitLabel="Save name" pendingLabel="Saving…" />
      </form>
    </TitledDialog>
  );
}
