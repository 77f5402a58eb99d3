import { Info, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import type { PasskeyErrorMessage } from '../lib/passkey-errors.ts';

/** The outcome of a failed ceremony: a calm note for a cancelled prompt, a warning otherwise. */
export function PasskeyErrorAlert({ message }: { message: PasskeyErrorMessage | null }) {
  if (!message) return null;
  return (
    <Alert variant={message.calm ? 'default' : 'destructive'} data-testid="passkey-error">
      {message.calm ? <Info aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
      <AlertDescription>{message.text}</AlertDescription>
    </Alert>
  );
}
