import { Page } from '@/client/components/layout/page.tsx';
import { InvitationView } from '@/client/features/organizations/components/invitation-view.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { RequireSignedIn, INITIALIZING_MESSAGE } from '../guards.tsx';

/** /invitation#token=...: a visitor sees where it leads; a signed-in, verified invitee accepts. */
export function InvitationPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingState message={INITIALIZING_MESSAGE} />;
  const view = (
    <Page title="Invitation">
      <InvitationView signedInEmail={user?.email ?? null} />
    </Page>
  );
  return user ? <RequireSignedIn>{view}</RequireSignedIn> : view;
}
