/** "Sign in with a passkey" on /auth (ADR 226). Placeholder until the passkey screens land. */
export function PasskeySignInButton(_props: { onSignedIn?: () => void }) {
  return null;
}
