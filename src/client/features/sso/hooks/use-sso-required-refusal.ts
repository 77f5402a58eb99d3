import { useMutationState } from '@tanstack/react-query';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';

/** The shape of a password log-in's variables, as any log-in form on the page sends them. */
function isPasswordLogin(variables: unknown): variables is { email: string; password: string } {
  return typeof variables === 'object' && variables !== null && 'email' in variables && 'password' in variables && typeof variables.email === 'string';
}

/**
 * The e-mail of the latest password log-in the server refused because the person's domain requires
 * SSO (ADR 227), or null. Read from the mutation cache, so the log-in form needs no knowledge of SSO:
 * the page offers "Sign in with SSO" with that e-mail filled in.
 */
export function useSsoRequiredRefusal(): string | null {
  const logins = useMutationState({
    filters: { predicate: (mutation) => isPasswordLogin(mutation.state.variables) },
    select: (mutation) => ({ status: mutation.state.status, error: mutation.state.error, variables: mutation.state.variables }),
  });
  const latest = logins.at(-1);
  if (!latest || latest.status !== 'error' || !isPasswordLogin(latest.variables)) return null;
  return getErrorMessage(latest.error) === SSO_REQUIRED_MESSAGE ? latest.variables.email.trim() : null;
}
