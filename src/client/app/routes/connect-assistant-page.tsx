import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { StepUpDialog } from '@/client/features/mfa/components/setup-dialogs.tsx';
import { ConsentError, ConsentView } from '@/client/features/oauth/components/consent-view.tsx';
import { rememberResumePath } from '@/client/lib/resume-after-sign-in.ts';
import { CONSENT_PAGE_PATH } from '@/contracts/oauth.ts';
import { AuthRequired } from '../layout/auth-required.tsx';
import { INITIALIZING_MESSAGE, RequireSignedIn } from '../guards.tsx';

/**
 * /connect-assistant?request=…: where an AI assistant sends a person to allow it (ADR 294). A
 * visitor signs in first (password or SSO) and comes back here; then the usual second factor.
 */
export function ConnectAssistantPage() {
  const search = new URLSearchParams(useSearch());
  const requestId = search.get('request');
  const { user, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !user && requestId) rememberResumePath(`${CONSENT_PAGE_PATH}?request=${encodeURIComponent(requestId)}`);
  }, [isLoading, user, requestId]);

  if (!requestId) {
    return (
      <Page title="Connect an assistant">
        <ConsentError code={search.get('error')} />
      </Page>
    );
  }
  if (isLoading) return <LoadingState message={INITIALIZING_MESSAGE} />;
  if (!user) return <AuthRequired href="/auth" description="An AI assistant asks to connect to CIFER. Log in (or sign in with SSO) to choose whether to allow it; you will come back here." />;
  return (
    <RequireSignedIn>
      <Page title="Connect an assistant">
        <ConsentView requestId={requestId} StepUpDialog={StepUpDialog} />
      </Page>
    </RequireSignedIn>
  );
}
