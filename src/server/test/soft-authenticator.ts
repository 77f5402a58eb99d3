import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for API tests: one ES256 key pair, attestation 'none', and the JSON a browser
 * hands to the server after navigator.credentials.create() / .get(), so tests drive the real
 * @simplewebauthn/server verification end to end. Every way a real authenticator or an attacker
 * could differ is an option: the origin and RP ID it signs for, the user-verification flag, and
 * its signature counter (set it back to act as a clone).
 */

/** Authenticator data flags (WebAuthn §6.1). */
const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

/** COSE key labels and values for an EC2 P-256 ES256 key (RFC 9053). */
const COSE_KTY = 1;
const COSE_ALG = 3;
const COSE_CRV = -1;
const COSE_X = -2;
const COSE_Y = -3;
const COSE_KTY_EC2 = 2;
const COSE_ALG_ES256 = -7;
const COSE_CRV_P256 = 1;

export interface CeremonyOptions {
  /** The origin the browser reports; the relying party's by default. */
  origin: string;
  /** The RP ID whose hash goes into the authenticator data; the options' (or the origin's host) by default. */
  rpId?: string;
  /** Whether the authenticator verified the user (PIN, biometrics); true by default. */
  userVerified?: boolean;
}

export interface AssertionOptions extends CeremonyOptions {
  /** Sign exactly this counter instead of the next one (a clone's counter). */
  counter?: number;
  /** Leave out the user handle, as a non-discoverable credential does. */
  omitUserHandle?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId: string;
  /** The signature counter of the last ceremony; each assertion signs counter + 1 unless told otherwise. */
  counter: number;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly synced: boolean;
  /** The user handle the relying party gave at registration (base64url). */
  private userHandle: string | null = null;

  /** `credentialId`: claim another authenticator's credential id with this one's key (an impostor). */
  constructor(options: { counter?: number; synced?: boolean; credentialId?: string } = {}) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.credentialId = options.credentialId ?? randomBytes(32).toString('base64url');
    this.counter = options.counter ?? 0;
    this.synced = options.synced ?? false;
  }

  /** What navigator.credentials.create() resolves to, for these options. */
  createRegistrationResponse(options: PublicKeyCredentialCreationOptionsJSON, ceremony: CeremonyOptions): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const rpId = ceremony.rpId ?? options.rp.id ?? new URL(ceremony.origin).hostname;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony.origin);
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const credentialLength = Buffer.alloc(2);
    credentialLength.writeUInt16BE(credentialId.length);
    const authenticatorData = Buffer.concat([
      this.authenticatorDataHead(rpId, FLAG_ATTESTED_CREDENTIAL | this.verificationFlags(ceremony), this.counter),
      Buffer.alloc(16), // AAGUID: zeros, as a 'none' attestation may send
      credentialLength,
      credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authenticatorData)],
      ]),
    );
    return this.credentialJson({
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['internal', 'hybrid'],
    });
  }

  /** What navigator.credentials.get() resolves to, for these options. */
  createAuthenticationResponse(options: PublicKeyCredentialRequestOptionsJSON | { challenge: string; rpId?: string }, ceremony: AssertionOptions): AuthenticationResponseJSON {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(ceremony.origin).hostname;
    const counter = ceremony.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony.origin);
    const authenticatorData = this.authenticatorDataHead(rpId, this.verificationFlags(ceremony), counter);
    const clientDataHash = createHash('sha256').update(clientDataJSON).digest();
    // ES256 in WebAuthn is an ASN.1 DER ECDSA signature, node's default encoding.
    const signature = sign('sha256', Buffer.concat([authenticatorData, clientDataHash]), this.privateKey);
    return this.credentialJson({
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authenticatorData.toString('base64url'),
      signature: signature.toString('base64url'),
      ...(this.userHandle && !ceremony.omitUserHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  /** The PublicKeyCredential JSON around an authenticator response, as @simplewebauthn/browser serialises it. */
  private credentialJson<Response>(response: Response) {
    return { id: this.credentialId, rawId: this.credentialId, type: 'public-key' as const, clientExtensionResults: {}, authenticatorAttachment: 'platform' as const, response };
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private verificationFlags(ceremony: CeremonyOptions): number {
    const backup = this.synced ? FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP : 0;
    return FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED) | backup;
  }

  /** rpIdHash (32) | flags (1) | signCount (4, big-endian). */
  private authenticatorDataHead(rpId: string, flags: number, counter: number): Buffer {
    const head = Buffer.alloc(37);
    createHash('sha256').update(rpId, 'utf8').digest().copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return head;
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    if (!jwk.x || !jwk.y) throw new Error('the P-256 key exported no coordinates');
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [COSE_KTY, COSE_KTY_EC2],
        [COSE_ALG, COSE_ALG_ES256],
        [COSE_CRV, COSE_CRV_P256],
        [COSE_X, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
        [COSE_Y, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
      ]),
    );
  }
}
