import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { CreateScenarioBodySchema } from '@/contracts/assessments.ts';

const ScenarioFormSchema = z.object({ title: CreateScenarioBodySchema.shape.title });
type ScenarioForm = z.infer<typeof ScenarioFormSchema>;

/** Names and saves a what-if as a new scenario (react-hook-form + the contract's title rule). */
export function SaveScenarioForm({ defaultTitle, isSaving, onSave, onDiscard }: { defaultTitle: string; isSaving: boolean; onSave: (title: string) => void; onDiscard: () => void }) {
  const form = useForm<ScenarioForm>({ resolver: zodResolver(ScenarioFormSchema), defaultValues: { title: defaultTitle } });
  const error = form.formState.errors.title?.message;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(({ title }) => onSave(title))(e)} className="flex flex-col gap-2">
      <FormField id="scenario-title" label="Scenario name" error={error}>
        <Input maxLength={200} {...fieldAria('scenario-title', error)} {...form.register('title')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save as new scenario'}
        </Button>
        <Button type="button" variant="outline" onClick={onDiscard}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}
