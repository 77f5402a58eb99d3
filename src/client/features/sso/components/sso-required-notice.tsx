import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';

/** Under the password form when the server refused it because this person's domain requires SSO. */
export function SsoRequiredNotice({ email, onUseSso }: { email: string; onUseSso: () => void }) {
  return (
    <Alert variant="warning" className="mt-4">
      <AlertDescription className="grid gap-2">
        <p>{SSO_REQUIRED_MESSAGE}</p>
        <Button type="button" size="sm" className="justify-self-start" onClick={onUseSso}>
          Sign in with SSO as <span className="break-all">{email}</span>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
