import { ArrowLeft, Shield } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs.tsx';
import { APP_SUBTITLE } from '@/client/lib/constants.ts';
import { AuthMarketingPanel } from '@/client/features/auth/components/auth-marketing-panel.tsx';
import { LoginForm } from '@/client/features/auth/components/login-form.tsx';
import { RequestAccessDialog } from '@/client/features/auth/components/request-access-dialog.tsx';
import { SignUpForm } from '@/client/features/auth/components/sign-up-form.tsx';
import { PasskeySignInButton } from '@/client/features/passkeys/components/passkey-sign-in-button.tsx';
import { SsoErrorAlert } from '@/client/features/sso/components/sso-error-alert.tsx';
import { SsoRequiredNotice } from '@/client/features/sso/components/sso-required-notice.tsx';
import { SsoSignIn } from '@/client/features/sso/components/sso-sign-in.tsx';
import { useSsoErrorCode } from '@/client/features/sso/hooks/use-sso-error.ts';
import { useSsoRequiredRefusal } from '@/client/features/sso/hooks/use-sso-required-refusal.ts';

/** The visible "or" between the password form and the other ways in. */
function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3">
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      <span className="text-sm text-slate-600">or</span>
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
    </div>
  );
}

/** The log-in tab: a password, then single sign-on (e-mail first) or a passkey. */
function LogInWays() {
  // null: the SSO step is closed; a string: open, with that e-mail filled in.
  const [ssoEmail, setSsoEmail] = useState<string | null>(null);
  const ssoError = useSsoErrorCode();
  const ssoRequiredFor = useSsoRequiredRefusal();
  return (
    <div className="grid">
      {ssoError.code ? (
        <div className="mb-4">
          <SsoErrorAlert code={ssoError.code} onTryAgain={() => setSsoEmail('')} />
        </div>
      ) : null}
      <LoginForm />
      {ssoRequiredFor && ssoEmail === null ? <SsoRequiredNotice email={ssoRequiredFor} onUseSso={() => setSsoEmail(ssoRequiredFor)} /> : null}
      <OrDivider />
      <div className="grid gap-3">
        <SsoSignIn openWithEmail={ssoEmail} onOpen={() => setSsoEmail('')} onClose={() => setSsoEmail(null)} />
        <PasskeySignInButton />
      </div>
    </div>
  );
}

/** /auth (spec section 2): 'Log In' and 'Sign Up' tabs, a back link to the main page, the marketing panel. */
export function AuthPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
      <Link href="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to main page
      </Link>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <Card className="self-start">
          <CardHeader className="items-start">
            <div className="flex items-center gap-2">
              <Shield className="size-7 text-blue-700" aria-hidden="true" />
              <span className="text-lg font-bold text-slate-900">CIFER</span>
            </div>
            <h1 className="text-2xl leading-tight font-bold text-slate-900">Welcome to CIFER</h1>
            <CardDescription>{APP_SUBTITLE}: log in or create your account.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs defaultValue={new URLSearchParams(window.location.search).get('mode') === 'signup' ? 'signup' : 'login'}>
              <TabsList>
                <TabsTrigger value="login">Log In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LogInWays />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <AuthMarketingPanel
          footer={
            <div className="rounded-lg bg-white/10 p-4">
              <p className="text-sm text-blue-50">Partner or cybersecurity professional?</p>
              <RequestAccessDialog>
                <Button variant="secondary" className="mt-2">
                  Request Account Access
                </Button>
              </RequestAccessDialog>
            </div>
          }
        />
      </div>
    </div>
  );
}
