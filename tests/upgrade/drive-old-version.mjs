// Drives a RELEASED version of CIFER through its HTTP API to fill the upgrade fixture's database
// (tests/upgrade/produce-fixture.md gives the steps). Not run in CI: it needs the old versions
// installed under /tmp. Plain Node, no dependencies: fetch, and TOTP from node:crypto (RFC 6238).
//
// Run it from the old version's folder (it reads that version's examples/):
//   node /work/main/tests/upgrade/drive-old-version.mjs model1 <base-url> <accounts.json>
//   node /work/main/tests/upgrade/drive-old-version.mjs model2 <base-url> <accounts.json>
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const [phase, baseUrl, accountsPath, manifestPath] = process.argv.slice(2);
if (!['model1', 'model2', 'manifest'].includes(phase ?? '') || !baseUrl || !accountsPath || (phase === 'manifest' && !manifestPath)) {
  console.error('Usage: node drive-old-version.mjs model1|model2 <base-url> <accounts.json>\n       node drive-old-version.mjs manifest <database-url> <accounts.json> <manifest.json>');
  process.exit(2);
}

const PASSWORD = 'Upgrade-Fixture-Lantern-Orbit-57';
// The old version's own examples (run from its folder): answers that version accepts.
const example = (name) => JSON.parse(readFileSync(join(process.cwd(), 'examples', name), 'utf8'));
const EXAMPLES = {
  get clinic() {
    return example('clinic-120.json');
  },
  get creditUnion() {
    return example('credit-union-60.json');
  },
  get manufacturer() {
    return example('manufacturer-300.json');
  },
};

// ---- TOTP (same parameters as the product: SHA-1, 6 digits, 30 s) ----

function decodeBase32(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

function totpAt(secret, step) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', decodeBase32(secret)).update(message).digest();
  const offset = hmac[hmac.length - 1] & 0x0f;
  const binary = ((hmac[offset] & 0x7f) << 24) | (hmac[offset + 1] << 16) | (hmac[offset + 2] << 8) | hmac[offset + 3];
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A code of a step this account has not used yet (the server refuses a replayed step). */
async function freshCode(account) {
  let step = Math.floor(Date.now() / 30_000);
  while (account.lastStep !== undefined && step <= account.lastStep) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.floor(Date.now() / 30_000);
  }
  account.lastStep = step;
  return totpAt(account.totpSecret, step);
}

// ---- HTTP with a cookie jar per account ----

async function call(account, method, path, body) {
  const headers = { origin: baseUrl, 'x-forwarded-for': account.ip };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (account.cookies) headers.cookie = Object.entries(account.cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(path, baseUrl), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const setCookie = response.headers.getSetCookie?.() ?? [];
  for (const line of setCookie) {
    const [name, value] = line.split(';')[0].split('=');
    account.cookies = { ...account.cookies, [name]: value };
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} as ${account.email}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function enrolTotp(account) {
  const setup = await call(account, 'POST', '/api/mfa/totp/setup', {});
  account.totpSecret = setup.manualEntryKey;
  const { backupCodes } = await call(account, 'POST', '/api/mfa/totp/verify-setup', { code: await freshCode(account) });
  account.backupCodes = backupCodes;
}

async function signUp(accounts, key, names, version) {
  const account = { email: `${key}@upgrade-fixture.test`, password: PASSWORD, ip: `10.77.0.${Object.keys(accounts).length + 1}`, createdBy: version, ...names };
  await call(account, 'POST', '/api/auth/register', { email: account.email, password: PASSWORD, firstName: names.firstName, lastName: names.lastName, company: names.company });
  await enrolTotp(account);
  accounts[key] = account;
  return account;
}

async function logIn(account) {
  account.cookies = undefined;
  await call(account, 'POST', '/api/auth/login', { email: account.email, password: account.password });
  await call(account, 'POST', '/api/mfa/verify', { type: 'totp', code: await freshCode(account) });
}

async function completedAssessment(account, title, input, extra = {}) {
  const draft = await call(account, 'POST', '/api/assessments', { title, input, ...extra });
  const done = await call(account, 'POST', `/api/assessments/${draft.id}/complete`, {});
  console.log(`  ${account.email}: "${title}" completed by engine ${done.engineVersion}`);
  return done;
}

/** A 2×2 PNG (RGB), built by hand so the script needs no image library. */
function tinyPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.from([0, 200, 30, 30, 30, 30, 200, 0, 30, 200, 30, 250, 250, 250]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

async function model1(accounts) {
  // The super admin was made with the old version's `npm run user:create` (produce-fixture.md); enrol its TOTP here.
  const admin = accounts.admin;
  admin.ip = '10.77.0.100';
  await call(admin, 'POST', '/api/auth/login', { email: admin.email, password: admin.password });
  await enrolTotp(admin);

  const alice = await signUp(accounts, 'alice', { firstName: 'Alice', lastName: 'Archer', company: 'Riverside Family Clinic' }, 'model1');
  const bob = await signUp(accounts, 'bob', { firstName: 'Bob', lastName: 'Baker', company: 'Baker Advisory' }, 'model1');
  const carol = await signUp(accounts, 'carol', { firstName: 'Carol', lastName: 'Cole', company: 'Cole Credit Union' }, 'model1');

  const clinic = await completedAssessment(alice, 'Clinic baseline (model 1.0)', EXAMPLES.clinic);
  await call(alice, 'POST', `/api/assessments/${clinic.id}/scenarios`, { title: 'Clinic what-if: MFA everywhere (model 1.0)', input: { ...EXAMPLES.clinic, factors: { ...EXAMPLES.clinic.factors, M3: 'best' } } });
  await call(alice, 'POST', '/api/assessments', { title: 'Clinic draft left open (model 1.0)', input: { organisation: EXAMPLES.clinic.organisation } });
  await completedAssessment(bob, 'Manufacturer (model 1.0)', EXAMPLES.manufacturer);
  await completedAssessment(carol, 'Credit union (model 1.0)', EXAMPLES.creditUnion);
}

async function model2(accounts) {
  const { admin, alice, bob, carol } = accounts;
  for (const account of [admin, alice, bob, carol]) await logIn(account);

  // Model 2.0 results beside the 1.0 ones, on both paths (ADR 110).
  const clinic2 = await completedAssessment(alice, 'Clinic reassessment (model 2.0)', EXAMPLES.clinic);
  const business = await call(alice, 'POST', '/api/assessments', { title: 'Clinic, business-leader path (model 2.0)', input: { organisation: EXAMPLES.clinic.organisation }, path: 'business' });
  await call(alice, 'POST', `/api/assessments/${business.id}/complete`, { businessAnswers: { phoneCode: 'some', updates: 'month', training: 'unknown' } });
  await completedAssessment(carol, 'Credit union reassessment (model 2.0)', EXAMPLES.creditUnion);

  // Reports and monitoring: a logo, a cadence, an accepted action.
  await call(alice, 'PUT', '/api/organization/logo', { contentType: 'image/png', dataBase64: tinyPng().toString('base64') });
  await call(alice, 'PUT', '/api/monitoring/schedule', { cadence: 'quarterly' });
  const plan = await call(alice, 'GET', '/api/monitoring/plan');
  const recommendation = (plan.recommendations ?? plan.items ?? []).find((item) => item.factorId);
  const factorId = recommendation?.factorId ?? 'M2';
  await call(alice, 'POST', '/api/monitoring/actions', { assessmentId: clinic2.id, factorId, dueDate: '2027-03-31', estimatedCostUsd: 12_000 });

  // A subscription by the admin's change by hand (ADR 134), and a partner with a client organisation.
  const aliceOrganizations = await call(alice, 'GET', '/api/organizations');
  await call(admin, 'POST', `/api/admin/billing/organizations/${aliceOrganizations.currentOrganizationId}/subscription`, { action: 'activate', plan: 'annual', months: 12, note: 'upgrade fixture' });
  const bobUser = await call(bob, 'GET', '/api/auth/user');
  await call(admin, 'POST', `/api/admin/users/${bobUser.id}/partner`, { partner: true });
  await logIn(bob);
  const client = await call(bob, 'POST', '/api/organizations', { name: 'Harbour Logistics (client of Baker Advisory)' });
  await call(bob, 'POST', '/api/organizations/current', { organizationId: client.id });
  await completedAssessment(bob, 'Harbour Logistics (model 2.0)', EXAMPLES.manufacturer);
  await call(bob, 'POST', `/api/organizations/${client.id}/invitations`, { email: 'erin@upgrade-fixture.test', role: 'member' });

  // An account made under model 2.0 too.
  const dave = await signUp(accounts, 'dave', { firstName: 'Dave', lastName: 'Dunn', company: 'Dunn Dental' }, 'model2');
  await completedAssessment(dave, 'Dental practice (model 2.0)', EXAMPLES.clinic);
}

// ---- The manifest beside the dump: accounts, what each version made, row counts ----

const VERSIONS = {
  model1: { commit: 'e70b1a6', engineVersion: '1.0.0', note: 'the commit before the merge of risk model 2.0 (37b2d3e); created the schema, the accounts with TOTP and the model-1.0 assessments' },
  model2: { commit: '55742f1', engineVersion: '2.0.0', note: 'risk model 2.0 with organisations and subscriptions; migrated the same database, then added model-2.0 assessments, a client organisation, a subscription, a logo and monitoring' },
};

function psqlRows(databaseUrl, query) {
  const out = execFileSync('psql', [databaseUrl, '-At', '-F', '\t', '-c', query], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean).map((line) => line.split('\t'));
}

function writeManifest(databaseUrl, accounts) {
  const tables = psqlRows(databaseUrl, "select table_name from information_schema.tables where table_schema = 'public' order by 1").map(([name]) => name);
  const rowCounts = Object.fromEntries(tables.map((table) => [table, Number(psqlRows(databaseUrl, `select count(*) from "${table}"`)[0][0])]));
  const assessments = psqlRows(
    databaseUrl,
    "select a.id, o.name, a.title, a.status, coalesce(a.engine_version, ''), coalesce(a.result->'annualLoss'->>'expectedUsd', '') from assessments a join organizations o on o.id = a.organization_id order by a.created_at",
  ).map(([id, organization, title, status, engineVersion, expectedUsd]) => ({
    id,
    organization,
    title,
    status,
    engineVersion: engineVersion || null,
    expectedAnnualLossUsd: expectedUsd ? Number(expectedUsd) : null,
    producedBy: engineVersion === '2.0.0' || title.includes('2.0') ? VERSIONS.model2.commit : VERSIONS.model1.commit,
  }));
  const [[migrations]] = psqlRows(databaseUrl, 'select count(*) from drizzle.__drizzle_migrations');
  const manifest = {
    about: 'Test-only data of tests/upgrade/upgrade.test.ts: a database filled by released versions of CIFER through their API (tests/upgrade/produce-fixture.md). These accounts exist nowhere else.',
    versions: [VERSIONS.model1, VERSIONS.model2],
    secrets: { SESSION_SECRET: process.env.SESSION_SECRET, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY },
    accounts: Object.values(accounts).map(({ email, password, totpSecret, role, createdBy }) => ({ email, password, totpSecret, role: role ?? 'user', producedBy: VERSIONS[createdBy].commit })),
    assessments,
    migrationsApplied: Number(migrations),
    rowCounts,
  };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`manifest written to ${manifestPath}`);
}

const accounts = existsSync(accountsPath) ? JSON.parse(readFileSync(accountsPath, 'utf8')) : {};
if (phase === 'manifest') {
  writeManifest(baseUrl, accounts);
  process.exit(0);
}
await (phase === 'model1' ? model1(accounts) : model2(accounts));
for (const account of Object.values(accounts)) {
  delete account.cookies;
}
writeFileSync(accountsPath, `${JSON.stringify(accounts, null, 2)}\n`);
console.log(`${phase}: done; accounts in ${accountsPath}`);
