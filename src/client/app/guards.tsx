import { Suspense, type ReactNode } from 'react';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { AuthRequired } from './layout/auth-required.tsx';
import { ForbiddenPage } from './routes/forbidden-page.tsx';
import { lazyComponent } from './lazy-module.ts';
import { gatedContentModule } from './page-modules.ts';

// Signed-in only: loaded on demand so visitors' first load does not carry it.
const GatedContent = lazyComponent(gatedContentModule, 'GatedContent');

function Gate({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingState message={INITIALIZING_MESSAGE} />}>
      <GatedContent>{children}</GatedContent>
    </Suspense>
  );
}

export const INITIALIZING_MESSAGE = 'Initializing secure session...';

/** Signed-in pages: a visitor sees 'Authentication Required' with a Log In button to /auth. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingState message={INITIALIZING_MESSAGE} />;
  if (!user) return <AuthRequired href="/auth" />;
  return <Gate>{children}</Gate>;
}

/** Admin pages: signed in, MFA verified, role admin or super_admin. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <LoadingState message={INITIALIZING_MESSAGE} />;
  if (!user) return <AuthRequired href="/auth" />;
  if (!isAdmin) return <ForbiddenPage />;
  return <Gate>{children}</Gate>;
}
