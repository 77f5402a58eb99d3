import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { LandingView } from '@/client/features/landing/components/landing-view.tsx';

// Heavier parts load on demand so the first screen stays light: the consultation form when the
// contact section comes near, the account dialogs when first opened.
const ConsultationForm = lazy(async () => ({
  default: (await import('@/client/features/consultations/components/consultation-form.tsx')).ConsultationForm,
}));
const RequestAccessDialog = lazy(async () => ({
  default: (await import('@/client/features/auth/components/request-access-dialog.tsx')).RequestAccessDialog,
}));
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('@/client/features/auth/components/forgot-password-dialog.tsx')).ForgotPasswordDialog,
}));

/** `/` for visitors: the landing page with the consultation form and the account dialogs composed in. */
export function LandingPage() {
  const [isRequestAccessOpen, setRequestAccessOpen] = useState(false);
  const [isForgotPasswordOpen, setForgotPasswordOpen] = useState(false);
  const [hasOpenedRequestAccess, setOpenedRequestAccess] = useState(false);
  const [hasOpenedForgotPassword, setOpenedForgotPassword] = useState(false);
  return (
    <>
      <LandingView
        consultationForm={
          <Suspense fallback={<LoadingState message="Loading form..." />}>
            <ConsultationForm />
          </Suspense>
        }
        onRequestAccess={() => {
          setOpenedRequestAccess(true);
          setRequestAccessOpen(true);
        }}
        onForgotPassword={() => {
          setOpenedForgotPassword(true);
          setForgotPasswordOpen(true);
        }}
      />
      <Suspense fallback={null}>
        {hasOpenedRequestAccess ? <RequestAccessDialog open={isRequestAccessOpen} onOpenChange={setRequestAccessOpen} /> : null}
        {hasOpenedForgotPassword ? <ForgotPasswordDialog open={isForgotPasswordOpen} onOpenChange={setForgotPasswordOpen} /> : null}
      </Suspense>
    </>
  );
}
