import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { useForgetSignedInUser } from '@/client/features/auth/hooks/use-forget-signed-in-user.ts';
import { ActiveSessions } from '@/client/features/auth/components/active-sessions.tsx';
import { ChangePasswordForm } from '@/client/features/auth/components/change-password-form.tsx';
import { ManageBillingCard } from '@/client/features/billing/components/manage-billing-card.tsx';
import { ApiTokensCard } from '@/client/features/api-tokens/components/api-tokens-card.tsx';
import { StepUpDialog } from '@/client/features/mfa/components/setup-dialogs.tsx';
import { PersonalDataCard } from '@/client/features/privacy/components/personal-data-card.tsx';
import { ConnectedAssistantsCard } from '@/client/features/oauth/components/connected-assistants-card.tsx';
import { MCP_RESOURCE_PATH } from '@/contracts/oauth.ts';

const PERSONAL_TOKENS_TEXT =
  'Let a script, a spreadsheet or an AI assistant (MCP) use CIFER as you through the public API. A new token acts in the organisation you are working in now, with your role there.';

/** /account (signed in): change your password, manage your sessions, your connected assistants (ADR 294) and your personal API tokens; download your data or delete your account. */
export function AccountPage() {
  const { user } = useAuth();
  const forgetSignedInUser = useForgetSignedInUser();
  return (
    <Page title="Your Account" description={user ? `Signed in as ${user.email}` : undefined}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Change password</CardTitle>
            <CardDescription>You need your current password. Your other sessions will be signed out.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Active sessions</CardTitle>
            <CardDescription>Devices signed in to your account. Sign out any you do not recognise.</CardDescription>
          </CardHeader>
          <CardContent>
            <ActiveSessions onCurrentSessionEnded={forgetSignedInUser} />
          </CardContent>
        </Card>
        <ManageBillingCard />
        <ConnectedAssistantsCard className="lg:col-span-2" mcpUrl={`${window.location.origin}${MCP_RESOURCE_PATH}`} />
        <ApiTokensCard className="lg:col-span-2" target={{ kind: 'personal' }} title="API tokens" description={PERSONAL_TOKENS_TEXT} StepUpDialog={StepUpDialog} />
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Two-factor authentication</CardTitle>
            <CardDescription>Your authenticator app and backup codes.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-4">
            <Link href="/mfa-settings" className="font-medium text-blue-700 underline">
              Manage two-factor authentication
            </Link>
            <Link href="/mfa-test" className="font-medium text-blue-700 underline">
              Check your authenticator app
            </Link>
          </CardContent>
        </Card>
        {user ? <PersonalDataCard className="lg:col-span-2" email={user.email} StepUpDialog={StepUpDialog} onDeleted={forgetSignedInUser} /> : null}
      </div>
    </Page>
  );
}
