import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { MAX_PASSKEYS_PER_USER, PASSKEY_MESSAGES, WEBAUTHN_CHALLENGE_LIFETIME_MS, type Passkey } from '@/contracts/passkeys.ts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { auditLog, passkeys, ssoConnections, ssoDomains, users } from '../../db/schema.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { call, createEnrolledUser, createUserWithSession, freshIps, get, post, sessionCookie, startPasswordOnlySession } from '../../test/helpers.ts';
import { SoftAuthenticator, type AssertionOptions, type CeremonyOptions } from '../../test/soft-authenticator.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';

const t = useSharedTestApp();
const nextIp = freshIps('10.226');

const origin = () => new URL(t.env.APP_URL).origin;

async function registerPasskey(cookie: string, authenticator = new SoftAuthenticator(), name = 'Work laptop', ceremony: Partial<CeremonyOptions> = {}) {
  const options = await post(t, '/api/passkeys/registration/options', {}, { cookie });
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.createRegistrationResponse(options.json<PublicKeyCredentialCreationOptionsJSON>(), { origin: origin(), ...ceremony });
  const verify = await post(t, '/api/passkeys/registration/verify', { name, response }, { cookie });
  return { authenticator, verify };
}

/** An enrolled user (TOTP on, MFA-complete session) with one registered passkey. */
async function userWithPasskey(synced = false) {
  const user = await createEnrolledUser(t);
  const { authenticator, verify } = await registerPasskey(user.cookie, new SoftAuthenticator({ synced }));
  expect(verify.statusCode, verify.body).toBe(201);
  return { ...user, authenticator, passkey: verify.json<Passkey>() };
}

async function secondFactorOptions(cookie: string) {
  const options = await post(t, '/api/mfa/passkey/options', {}, { cookie });
  expect(options.statusCode, options.body).toBe(200);
  return options.json<PublicKeyCredentialRequestOptionsJSON>();
}

async function verifyWithPasskey(cookie: string, authenticator: SoftAuthenticator, ceremony: Partial<AssertionOptions> = {}) {
  const response = authenticator.createAuthenticationResponse(await secondFactorOptions(cookie), { origin: origin(), ...ceremony });
  return post(t, '/api/mfa/passkey/verify', { response }, { cookie });
}

async function signInWithPasskey(authenticator: SoftAuthenticator, ceremony: Partial<AssertionOptions> = {}, cookie?: string) {
  const ip = nextIp();
  const options = await post(t, '/api/auth/passkey/options', {}, { ip });
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.createAuthenticationResponse(options.json<PublicKeyCredentialRequestOptionsJSON>(), { origin: origin(), ...ceremony });
  return post(t, '/api/auth/passkey/login', { response }, { ip, cookie: cookie ?? null });
}

async function auditRows(action: string, userId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetUserId, userId)));
}

async function storedPasskey(id: string) {
  const [row] = await t.app.db.select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

const mfaStatus = async (cookie: string) => (await get(t, '/api/mfa/status', { cookie })).json<{ sessionMfaComplete: boolean }>();

describe('registering and managing passkeys', () => {
  test('a registered passkey is listed with its name, never used yet; the registration is audited without the key', async () => {
    const user = await createEnrolledUser(t);
    const { authenticator, verify } = await registerPasskey(user.cookie, new SoftAuthenticator({ synced: true }), 'Phone');
    expect(verify.statusCode, verify.body).toBe(201);
    const created = verify.json<Passkey>();
    expect(created).toMatchObject({ name: 'Phone', lastUsedAt: null, deviceType: 'multiDevice', backedUp: true });

    const list = await get(t, '/api/passkeys', { cookie: user.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ passkeys: Passkey[] }>().passkeys).toEqual([created]);

    const stored = await storedPasskey(created.id);
    expect(stored).toMatchObject({ userId: user.userId, credentialId: authenticator.credentialId, counter: 0, transports: ['internal', 'hybrid'] });
    const [audit] = await auditRows('passkey.registered', user.userId);
    expect(audit?.details).toMatchObject({ passkeyId: created.id, name: 'Phone' });
    expect(JSON.stringify(audit?.details)).not.toContain(stored!.publicKey);
  });

  test('the registration options exclude the own passkeys and ask for a discoverable credential with user verification', async () => {
    const user = await userWithPasskey();
    const options = (await post(t, '/api/passkeys/registration/options', {}, { cookie: user.cookie })).json<PublicKeyCredentialCreationOptionsJSON>();
    expect(options.excludeCredentials?.map((credential) => credential.id)).toEqual([user.authenticator.credentialId]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.rp).toEqual({ id: new URL(t.env.APP_URL).hostname, name: 'CIFER' });
  });

  test('the same authenticator cannot be registered twice, and another user cannot register it either', async () => {
    const user = await userWithPasskey();
    const again = await registerPasskey(user.cookie, user.authenticator);
    expect(again.verify.statusCode).toBe(409);
    expect(again.verify.json().message).toBe(PASSKEY_MESSAGES.alreadyRegistered);
    const other = await createEnrolledUser(t);
    const stolen = await registerPasskey(other.cookie, user.authenticator);
    expect(stolen.verify.statusCode).toBe(409);
    expect((await get(t, '/api/passkeys', { cookie: other.cookie })).json<{ passkeys: Passkey[] }>().passkeys).toEqual([]);
  });

  test(`at ${MAX_PASSKEYS_PER_USER} passkeys no further registration starts`, async () => {
    const user = await createEnrolledUser(t);
    const rows = Array.from({ length: MAX_PASSKEYS_PER_USER }, (_, index) => ({
      userId: user.userId,
      credentialId: `credential-${user.userId}-${index}`,
      publicKey: 'not-a-key',
      deviceType: 'singleDevice',
      name: `Key ${index}`,
    }));
    await t.app.db.insert(passkeys).values(rows);
    const options = await post(t, '/api/passkeys/registration/options', {}, { cookie: user.cookie });
    expect(options.statusCode).toBe(409);
    expect(options.json().message).toBe(PASSKEY_MESSAGES.tooMany);
  });

  test('a registration without user verification, or signed for another origin, is refused', async () => {
    const user = await createEnrolledUser(t);
    const withoutVerification = await registerPasskey(user.cookie, new SoftAuthenticator(), 'Key', { userVerified: false });
    expect(withoutVerification.verify.statusCode).toBe(400);
    expect(withoutVerification.verify.json().message).toBe(PASSKEY_MESSAGES.registrationFailed);
    const wrongOrigin = await registerPasskey(user.cookie, new SoftAuthenticator(), 'Key', { origin: 'https://cifer.example.net' });
    expect(wrongOrigin.verify.statusCode).toBe(400);
    expect((await get(t, '/api/passkeys', { cookie: user.cookie })).json<{ passkeys: Passkey[] }>().passkeys).toEqual([]);
  });

  test('a passkey is renamed by its owner; another user gets 404 for it', async () => {
    const owner = await userWithPasskey();
    const renamed = await call(t, owner.cookie, 'PATCH', `/api/passkeys/${owner.passkey.id}`, { name: '  YubiKey  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Passkey>().name).toBe('YubiKey');
    expect(await auditRows('passkey.renamed', owner.userId)).toHaveLength(1);

    const other = await createEnrolledUser(t);
    const refused = await call(t, other.cookie, 'PATCH', `/api/passkeys/${owner.passkey.id}`, { name: 'Mine now' });
    expect(refused.statusCode).toBe(404);
    expect((await storedPasskey(owner.passkey.id))?.name).toBe('YubiKey');
  });

  test('removing a passkey needs a fresh verification: refused when stale, done after a passkey verification; never another user’s', async () => {
    const owner = await userWithPasskey();
    t.clock.advance(STEP_UP_WINDOW_MS + 1_000);
    const stale = await call(t, owner.cookie, 'DELETE', `/api/passkeys/${owner.passkey.id}`);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('step_up_required');
    expect(await storedPasskey(owner.passkey.id)).toBeDefined();

    const verified = await verifyWithPasskey(owner.cookie, owner.authenticator);
    expect(verified.statusCode, verified.body).toBe(200);
    const freshCookie = sessionCookie(t, verified)!;

    const other = await createEnrolledUser(t);
    const foreign = await call(t, other.cookie, 'DELETE', `/api/passkeys/${owner.passkey.id}`);
    expect(foreign.statusCode).toBe(404);

    const removed = await call(t, freshCookie, 'DELETE', `/api/passkeys/${owner.passkey.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedPasskey(owner.passkey.id)).toBeUndefined();
    expect(await auditRows('passkey.removed', owner.userId)).toHaveLength(1);
  });
});

describe('a passkey as the second factor of a session', () => {
  test('a password-only session verified with a passkey is MFA-complete under a new token; the old token ends', async () => {
    const user = await userWithPasskey();
    const passwordOnly = await startPasswordOnlySession(t, user.userId);
    expect((await get(t, '/api/mfa/passkeys', { cookie: passwordOnly })).json()).toEqual({ count: 1 });
    expect((await mfaStatus(passwordOnly)).sessionMfaComplete).toBe(false);

    const options = await secondFactorOptions(passwordOnly);
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([user.authenticator.credentialId]);
    expect(options.userVerification).toBe('required');
    const response = user.authenticator.createAuthenticationResponse(options, { origin: origin() });
    const verified = await post(t, '/api/mfa/passkey/verify', { response }, { cookie: passwordOnly });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ method: 'passkey' });

    const rotated = sessionCookie(t, verified)!;
    expect(rotated).not.toBe(passwordOnly);
    expect((await mfaStatus(rotated)).sessionMfaComplete).toBe(true);
    expect((await get(t, '/api/passkeys', { cookie: rotated })).statusCode).toBe(200);
    expect((await get(t, '/api/mfa/status', { cookie: passwordOnly })).statusCode).toBe(401);

    const stored = await storedPasskey(user.passkey.id);
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const [audit] = await auditRows('passkey.used', user.userId);
    expect(audit?.details).toMatchObject({ purpose: 'mfa', passkeyId: user.passkey.id });
  });

  test('the same assertion posted twice is refused the second time (single-use challenge)', async () => {
    const user = await userWithPasskey();
    const passwordOnly = await startPasswordOnlySession(t, user.userId);
    const response = user.authenticator.createAuthenticationResponse(await secondFactorOptions(passwordOnly), { origin: origin() });
    const first = await post(t, '/api/mfa/passkey/verify', { response }, { cookie: passwordOnly });
    expect(first.statusCode).toBe(200);
    const replayed = await post(t, '/api/mfa/passkey/verify', { response }, { cookie: sessionCookie(t, first)! });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(PASSKEY_MESSAGES.challengeExpired);
  });

  test('a cloned authenticator (its counter does not move forward) is refused and recorded; the stored counter stays', async () => {
    const user = await userWithPasskey();
    expect((await verifyWithPasskey(await startPasswordOnlySession(t, user.userId), user.authenticator)).statusCode).toBe(200);
    expect((await verifyWithPasskey(await startPasswordOnlySession(t, user.userId), user.authenticator)).statusCode).toBe(200);
    expect((await storedPasskey(user.passkey.id))?.counter).toBe(2);

    const session = await startPasswordOnlySession(t, user.userId);
    const clone = await verifyWithPasskey(session, user.authenticator, { counter: 2 });
    expect(clone.statusCode).toBe(401);
    expect(clone.json().message).toBe(PASSKEY_MESSAGES.cloned);
    expect((await mfaStatus(session)).sessionMfaComplete).toBe(false);
    expect((await storedPasskey(user.passkey.id))?.counter).toBe(2);
    const [audit] = await auditRows('passkey.clone_detected', user.userId);
    expect(audit?.details).toMatchObject({ passkeyId: user.passkey.id, storedCounter: 2, presentedCounter: 2 });
  });

  test('an impostor claiming the credential id with another key is refused, and cannot raise a clone alarm with a low counter', async () => {
    const user = await userWithPasskey();
    expect((await verifyWithPasskey(await startPasswordOnlySession(t, user.userId), user.authenticator)).statusCode).toBe(200);
    const impostor = new SoftAuthenticator({ credentialId: user.authenticator.credentialId });
    const session = await startPasswordOnlySession(t, user.userId);
    const refused = await verifyWithPasskey(session, impostor, { counter: 0 });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.failed);
    expect(await auditRows('passkey.clone_detected', user.userId)).toEqual([]);
    expect((await mfaStatus(session)).sessionMfaComplete).toBe(false);
  });

  test('another user’s passkey cannot verify my session', async () => {
    const me = await userWithPasskey();
    const someoneElse = await userWithPasskey();
    const mySession = await startPasswordOnlySession(t, me.userId);
    const refused = await verifyWithPasskey(mySession, someoneElse.authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.failed);
    expect((await mfaStatus(mySession)).sessionMfaComplete).toBe(false);
    expect((await storedPasskey(someoneElse.passkey.id))?.lastUsedAt).toBeNull();
  });

  test('a challenge answered after it expired is refused', async () => {
    const user = await userWithPasskey();
    const session = await startPasswordOnlySession(t, user.userId);
    const options = await secondFactorOptions(session);
    t.clock.advance(WEBAUTHN_CHALLENGE_LIFETIME_MS + 1_000);
    const response = user.authenticator.createAuthenticationResponse(options, { origin: origin() });
    const late = await post(t, '/api/mfa/passkey/verify', { response }, { cookie: session });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(PASSKEY_MESSAGES.challengeExpired);
    expect((await mfaStatus(session)).sessionMfaComplete).toBe(false);
  });

  test('an assertion signed for another origin or another RP ID is refused', async () => {
    const user = await userWithPasskey();
    const session = await startPasswordOnlySession(t, user.userId);
    for (const ceremony of [{ origin: 'https://cifer-phish.example.com' }, { rpId: 'cifer-phish.example.com' }]) {
      const refused = await verifyWithPasskey(session, user.authenticator, ceremony);
      expect(refused.statusCode, JSON.stringify(ceremony)).toBe(401);
      expect(refused.json().message).toBe(PASSKEY_MESSAGES.failed);
    }
    expect((await mfaStatus(session)).sessionMfaComplete).toBe(false);
    expect(await auditRows('passkey.failure', user.userId)).toHaveLength(2);
  });

  test('an assertion without the user-verification flag is refused', async () => {
    const user = await userWithPasskey();
    const session = await startPasswordOnlySession(t, user.userId);
    const refused = await verifyWithPasskey(session, user.authenticator, { userVerified: false });
    expect(refused.statusCode).toBe(401);
    expect((await mfaStatus(session)).sessionMfaComplete).toBe(false);
  });

  test('a challenge is bound to the session that asked for it', async () => {
    const user = await userWithPasskey();
    const asking = await startPasswordOnlySession(t, user.userId);
    const answering = await startPasswordOnlySession(t, user.userId);
    const response = user.authenticator.createAuthenticationResponse(await secondFactorOptions(asking), { origin: origin() });
    const refused = await post(t, '/api/mfa/passkey/verify', { response }, { cookie: answering });
    expect(refused.statusCode).toBe(400);
    expect((await mfaStatus(answering)).sessionMfaComplete).toBe(false);
  });

  test('without TOTP set up a passkey cannot complete the session; without a passkey there are no options', async () => {
    const notEnrolled = await createUserWithSession(t);
    const setupFirst = await post(t, '/api/mfa/passkey/options', {}, { cookie: notEnrolled.cookie });
    expect(setupFirst.statusCode).toBe(403);
    expect(setupFirst.json().code).toBe('mfa_setup_required');

    const enrolled = await createEnrolledUser(t);
    expect((await get(t, '/api/mfa/passkeys', { cookie: enrolled.cookie })).json()).toEqual({ count: 0 });
    const none = await post(t, '/api/mfa/passkey/options', {}, { cookie: enrolled.cookie });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PASSKEY_MESSAGES.noPasskeys);
  });
});

describe('passwordless sign-in with a passkey', () => {
  test('opens a fully verified session (a user route answers) and ends a session presented with the request', async () => {
    const user = await userWithPasskey();
    const presented = await startPasswordOnlySession(t, user.userId);
    const options = await post(t, '/api/auth/passkey/options', {}, { ip: nextIp() });
    expect(options.json<PublicKeyCredentialRequestOptionsJSON>().allowCredentials ?? []).toEqual([]);

    const signedIn = await signInWithPasskey(user.authenticator, {}, presented);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ message: 'Login successful', requiresPayment: false });
    const cookie = sessionCookie(t, signedIn)!;
    expect((await get(t, '/api/passkeys', { cookie })).statusCode).toBe(200);
    expect((await mfaStatus(cookie)).sessionMfaComplete).toBe(true);
    expect((await get(t, '/api/mfa/status', { cookie: presented })).statusCode).toBe(401);

    const used = await auditRows('passkey.used', user.userId);
    expect(used.map((row) => row.details)).toEqual([expect.objectContaining({ purpose: 'sign_in', passkeyId: user.passkey.id })]);
    expect(await auditRows('login.success', user.userId)).toEqual(expect.arrayContaining([expect.objectContaining({ details: expect.objectContaining({ method: 'passkey' }) })]));
  });

  test('a replayed sign-in assertion is refused', async () => {
    const user = await userWithPasskey();
    const ip = nextIp();
    const options = (await post(t, '/api/auth/passkey/options', {}, { ip })).json<PublicKeyCredentialRequestOptionsJSON>();
    const response = user.authenticator.createAuthenticationResponse(options, { origin: origin() });
    expect((await post(t, '/api/auth/passkey/login', { response }, { ip })).statusCode).toBe(200);
    const replayed = await post(t, '/api/auth/passkey/login', { response }, { ip });
    expect(replayed.statusCode).toBe(400);
    expect(sessionCookie(t, replayed)).toBeNull();
  });

  test('an unknown passkey, a clone and an assertion without user verification open no session', async () => {
    const unknown = await signInWithPasskey(new SoftAuthenticator());
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(PASSKEY_MESSAGES.notRecognised);

    const user = await userWithPasskey();
    expect((await signInWithPasskey(user.authenticator)).statusCode).toBe(200);
    const clone = await signInWithPasskey(user.authenticator, { counter: 1 });
    expect(clone.statusCode).toBe(401);
    expect(clone.json().message).toBe(PASSKEY_MESSAGES.cloned);
    expect(sessionCookie(t, clone)).toBeNull();

    const unverified = await signInWithPasskey(user.authenticator, { userVerified: false });
    expect(unverified.statusCode).toBe(401);
    expect(sessionCookie(t, unverified)).toBeNull();
  });

  test('a user handle that is not the owner of the credential is refused', async () => {
    const user = await userWithPasskey();
    const options = (await post(t, '/api/auth/passkey/options', {}, { ip: nextIp() })).json<PublicKeyCredentialRequestOptionsJSON>();
    const response = user.authenticator.createAuthenticationResponse(options, { origin: origin() });
    response.response.userHandle = Buffer.from('00000000-0000-4000-8000-000000000000').toString('base64url');
    const refused = await post(t, '/api/auth/passkey/login', { response }, { ip: nextIp() });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.notRecognised);
  });

  test('where the directory decides (SSO required for the domain), a passkey does not sign in; a super_admin keeps it', async () => {
    const domain = `passkey-${randomUUID().slice(0, 8)}.test`;
    const member = await userWithPasskey();
    const admin = await userWithPasskey();
    await t.app.db.update(users).set({ email: `member@${domain}` }).where(eq(users.id, member.userId));
    await t.app.db.update(users).set({ email: `admin@${domain}`, role: 'super_admin' }).where(eq(users.id, admin.userId));
    const [{ organizationId } = { organizationId: '' }] = await t.app.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, member.userId));
    const [connection] = await t.app.db
      .insert(ssoConnections)
      .values({ organizationId, name: 'Directory', issuer: 'https://login.example.test', clientId: 'cifer', clientSecretEnc: 'sealed', required: true })
      .returning();
    await t.app.db.insert(ssoDomains).values({ connectionId: connection!.id, organizationId, domain, verificationToken: 'token', verifiedAt: t.clock.now(), verifiedBy: 'admin' });

    const refused = await signInWithPasskey(member.authenticator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_REQUIRED_MESSAGE);
    expect(sessionCookie(t, refused)).toBeNull();
    expect((await signInWithPasskey(admin.authenticator)).statusCode).toBe(200);
  });

  test('an account that is no longer active cannot sign in with its passkey', async () => {
    const user = await userWithPasskey();
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.userId));
    const refused = await signInWithPasskey(user.authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_MESSAGES.notRecognised);
    expect(sessionCookie(t, refused)).toBeNull();
  });
});

describe('malformed answers', () => {
  test('a response that is not what a browser sends is refused with a message, never a server error', async () => {
    const user = await userWithPasskey();
    const session = await startPasswordOnlySession(t, user.userId);
    const options = await secondFactorOptions(session);
    const genuine = user.authenticator.createAuthenticationResponse(options, { origin: origin() });
    const clientData = (challenge: unknown) => Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: origin() })).toString('base64url');
    const malformed = [
      { ...genuine, response: { ...genuine.response, clientDataJSON: 'not base64 json' } },
      { ...genuine, response: { ...genuine.response, clientDataJSON: clientData({ nested: true }) } },
      { ...genuine, response: { ...genuine.response, clientDataJSON: clientData('\u0000'.repeat(20)) } },
      { ...genuine, response: { clientDataJSON: genuine.response.clientDataJSON } },
    ];
    for (const response of malformed) {
      const refused = await post(t, '/api/mfa/passkey/verify', { response }, { cookie: session });
      expect([400, 401], refused.body).toContain(refused.statusCode);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const garbledRegistration = await post(t, '/api/passkeys/registration/verify', { name: 'Key', response: { ...genuine, response: { clientDataJSON: genuine.response.clientDataJSON, attestationObject: 'AAAA' } } }, { cookie: user.cookie });
    expect(garbledRegistration.statusCode).toBe(400);
    expect((await mfaStatus(session)).sessionMfaComplete).toBe(false);
  });
});
