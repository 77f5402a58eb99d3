/**
 * Who CIFER is to an authenticator (ADR 226): everything comes from APP_URL, so a passkey made on
 * one deployment's address is refused by any other (the browser binds it to the RP ID, the server
 * checks the origin the browser reports).
 */
export interface RelyingParty {
  /** The host name of APP_URL (no port): what the authenticator binds the credential to. */
  id: string;
  /** The origin of APP_URL: what the browser must report in clientDataJSON. */
  origin: string;
  name: string;
}

export function relyingPartyFor(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'CIFER' };
}
