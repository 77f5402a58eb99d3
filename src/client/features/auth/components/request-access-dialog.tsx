import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AccessRequestInputSchema, type AccessRequestInput } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input, Textarea } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { ApiError, getErrorMessage } from '@/client/lib/api-client.ts';
import { useRequestAccess } from '../api/register.ts';
import { PasswordInput } from './password-input.tsx';

const EMPTY: AccessRequestInput = { email: '', firstName: '', lastName: '', company: '', phone: '', message: '', password: '', confirmPassword: '' };

export interface RequestAccessDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional trigger (e.g. a Button) when the dialog manages its own open state. */
  children?: ReactNode;
}

/**
 * 'Request Account Access' (spec sections 2-5 and 8): form, then a success panel; closing resets
 * it. Controlled with `open`/`onOpenChange`, or uncontrolled with a trigger as children.
 */
export function RequestAccessDialog({ open, onOpenChange, children }: RequestAccessDialogProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const requestAccess = useRequestAccess();
  const form = useForm<AccessRequestInput>({ resolver: zodResolver(AccessRequestInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const isOpen = open ?? innerOpen;

  const setOpen = (next: boolean) => {
    if (!next) {
      form.reset(EMPTY);
      setSubmitted(null);
      requestAccess.reset();
    }
    setInnerOpen(next);
    onOpenChange?.(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    requestAccess.mutate(values, {
      onSuccess: (data) => {
        toast({ title: 'Registration Submitted', description: data.message });
        setSubmitted(data.message);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? getErrorMessage(error) : 'Failed to submit registration request. Please try again.';
        toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {children ? <DialogTrigger asChild>{children}</DialogTrigger> : null}
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Request Account Access</DialogTitle>
          <DialogDescription>
            {submitted ? 'Your request is on its way to our administrators.' : 'Partners and cybersecurity professionals can request an account. An administrator reviews every request.'}
          </DialogDescription>
        </DialogHeader>
        {submitted ? (
          <div className="grid gap-4" role="status">
            <div className="flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">Request Submitted</p>
                <p className="text-sm">{submitted}</p>
              </div>
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>
                Close
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request account access">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="access-first-name" label="First name" error={errors.firstName?.message} required>
                <Input {...fieldAria('access-first-name', errors.firstName?.message)} autoComplete="given-name" {...form.register('firstName')} />
              </FormField>
              <FormField id="access-last-name" label="Last name" error={errors.lastName?.message} required>
                <Input {...fieldAria('access-last-name', errors.lastName?.message)} autoComplete="family-name" {...form.register('lastName')} />
              </FormField>
            </div>
            <FormField id="access-email" label="Email" error={errors.email?.message} required>
              <Input {...fieldAria('access-email', errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="access-company" label="Company" error={errors.company?.message}>
                <Input {...fieldAria('access-company', errors.company?.message)} autoComplete="organization" {...form.register('company')} />
              </FormField>
              <FormField id="access-phone" label="Phone" error={errors.phone?.message}>
                <Input {...fieldAria('access-phone', errors.phone?.message)} type="tel" autoComplete="tel" {...form.register('phone')} />
              </FormField>
            </div>
            <FormField id="access-message" label="Message" error={errors.message?.message}>
              <Textarea {...fieldAria('access-message', errors.message?.message)} rows={3} placeholder="Tell us about your role and why you need access" {...form.register('message')} />
            </FormField>
            <FormField id="access-password" label="Password" error={errors.password?.message} required hint="At least 14 characters.">
              <PasswordInput {...fieldAria('access-password', errors.password?.message, true)} autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <FormField id="access-confirm-password" label="Confirm password" error={errors.confirmPassword?.message} required>
              <PasswordInput {...fieldAria('access-confirm-password', errors.confirmPassword?.message)} autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={requestAccess.isPending}>
                {requestAccess.isPending ? 'Submitting...' : 'Submit Request'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
