import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '@/client/components/layout/skip-link.tsx';
import { ErrorBoundary } from '@/client/components/layout/error-fallback.tsx';
import { LoadingOverlay } from '@/client/components/layout/loading-overlay.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { AgeNotice } from '@/client/features/consent/components/age-notice.tsx';
import { CookieBanner } from '@/client/features/consent/components/cookie-banner.tsx';
import { SiteFooter } from '@/client/features/consent/components/site-footer.tsx';
import { PwaOverlays } from '@/client/features/pwa/components/pwa-overlays.tsx';
import { registerSignOutCleanup } from '@/client/lib/sign-out-cleanup.ts';
import { AppRouter } from './router.tsx';
import { INITIALIZING_MESSAGE } from './guards.tsx';
import { createAppQueryClient } from './app-query-client.ts';

// Off the first load's critical path: the toast viewport (Radix Toast) arrives a moment later;
// toasts raised before it mounts are kept in the store and shown when it does.
const Toaster = lazy(async () => ({ default: (await import('@/client/components/ui/toaster.tsx')).Toaster }));

// Signed-in only (it carries the help form): loaded on demand.
const AppHeader = lazy(async () => ({ default: (await import('./layout/app-header.tsx')).AppHeader }));

// Signed-in only: sends what was queued offline when the connection returns (ADR 162).
const OfflineSync = lazy(async () => ({ default: (await import('@/client/features/assessments/editor/offline/offline-sync.tsx')).OfflineSync }));

// Logout takes this device's offline assessment data with it (ADR 161).
registerSignOutCleanup(async () => (await import('@/client/features/assessments/shared/offline/assessment-outbox.ts')).clearOfflineAssessments());

function Shell() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingOverlay message={INITIALIZING_MESSAGE} />;
  return (
    <>
      <SkipLink />
      <AgeNotice />
      {user ? (
        // Sticks just below the fixed age notice.
        <div className="sticky top-8 z-40">
          <Suspense fallback={<div className="h-16 border-b border-slate-200 bg-white" />}>
            <AppHeader />
          </Suspense>
          <Suspense fallback={null}>
            <OfflineSync />
          </Suspense>
        </div>
      ) : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-screen outline-none">
        <AppRouter />
      </main>
      <SiteFooter />
    </>
  );
}

export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  return (
    <ErrorBoundary showDetails={import.meta.env.DEV}>
      <QueryClientProvider client={queryClient}>
        <Shell />
        <CookieBanner />
        <PwaOverlays />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
