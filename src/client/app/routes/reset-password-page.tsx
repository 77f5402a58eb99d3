import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card.tsx';
import { ResetPasswordForm } from '@/client/features/auth/components/reset-password-form.tsx';
import { useResetToken } from '@/client/features/auth/hooks/use-reset-token.ts';

/** /reset-password: set a new password from the e-mailed link. It never signs you in. */
export function ResetPasswordPage() {
  const token = useResetToken();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  return (
    <div className="flex min-h-[70vh] items-center justify-center p-6">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl leading-tight font-bold text-slate-900">Reset Password</h1>
          <CardDescription>Choose a new password for your CIFER account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {doneMessage ? (
            <>
              <Alert variant="success">
                <CheckCircle2 aria-hidden="true" />
                <AlertTitle>Password updated</AlertTitle>
                <AlertDescription>{doneMessage}</AlertDescription>
              </Alert>
              <Button asChild>
                <Link href="/auth">Go to Log In</Link>
              </Button>
            </>
          ) : token ? (
            <ResetPasswordForm token={token} onDone={setDoneMessage} />
          ) : (
            <>
              <Alert variant="destructive">
                <AlertTitle>This reset link is incomplete</AlertTitle>
                <AlertDescription>Open the link from the e-mail again, or request a new one with "Forgot password?" on the log-in page.</AlertDescription>
              </Alert>
              <Button asChild variant="outline">
                <Link href="/auth">Go to Log In</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
