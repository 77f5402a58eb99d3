import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { decryptSecret, encryptSecret } from '../../lib/secret-crypto.ts';

/** After a rotation the old secret signs too, for this long, so a receiver can switch without losing events. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Sealed for one endpoint: a sealed secret copied onto another endpoint's row does not open. */
const sealedFor = (endpointId: string) => `webhook-endpoint:${endpointId}`;

export function sealSigningSecret(encryptionKey: string, endpointId: string, secret: string): string {
  return encryptSecret(encryptionKey, secret, sealedFor(endpointId));
}

export function openSigningSecret(encryptionKey: string, endpointId: string, sealed: string): string {
  return decryptSecret(encryptionKey, sealed, sealedFor(endpointId));
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers of one attempt: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * per secret, space-separated (the current one first), so a receiver that knows either accepts it.
 */
export function signedHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
