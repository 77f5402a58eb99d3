import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '@/client/components/layout/skip-link.tsx';
import { ErrorBoundary } from '@/client/components/layout/error-fallback.tsx';
import { LoadingOverlay } from '@/client/components/layout/loading-overlay.tsx';
import { Toaster } from '@/client/components/ui/toaster.tsx';
import { TooltipProvider } from '@/client/components/ui/tooltip.tsx';
import { createQueryClient } from '@/client/lib/query-client.ts';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { AppHeader } from './layout/app-header.tsx';
import { AppRouter } from './router.tsx';
import { INITIALIZING_MESSAGE } from './guards.tsx';

function Shell() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingOverlay message={INITIALIZING_MESSAGE} />;
  return (
    <>
      <SkipLink />
      {user ? <AppHeader /> : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[60vh] outline-none">
        <AppRouter />
      </main>
    </>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary showDetails={import.meta.env.DEV}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <Shell />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
