import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssessmentPageSchema, AssessmentSchema } from '@/contracts/assessments.ts';
import { CurrentUserSchema } from '@/contracts/auth.ts';
import { OrganizationSubscriptionSchema } from '@/contracts/billing.ts';
import { MfaStatusSchema } from '@/contracts/mfa.ts';
import { MyOrganizationsResponseSchema } from '@/contracts/organizations.ts';
import { ReportResponseSchema } from '@/contracts/reports.ts';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import { buildApp } from '../../src/server/app.ts';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../../src/server/db/client.ts';
import { parseEnv } from '../../src/server/env.ts';
import { decodeBase32, generateTotp } from '../../src/server/features/mfa/totp.ts';
import { LOG_SERIALIZERS } from '../../src/server/lib/log-serializers.ts';
import { loadReleasedDatabase, queryRows, readManifest, type FixtureAccount, type ReleasedDatabase } from './released-database.ts';

/**
 * Upgrades keep data (ADR 237): a database written by released versions (model 1.0 at e70b1a6,
 * then model 2.0 at 55742f1 on the same database; tests/upgrade/produce-fixture.md) is opened by
 * the current code, migrated, and served. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

const manifest = readManifest();
const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
const INSTANCES = 3;

let released: ReleasedDatabase;
let handles: DatabaseHandle[] = [];
let migrations: PromiseSettledResult<void>[] = [];
let rowCountsAfterMigration: Record<string, number> = {};
let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  released = await loadReleasedDatabase(process.env.DATABASE_URL);
  // Instances behind a load balancer start together: on PostgreSQL three open the database and
  // migrate at once. A PGlite database belongs to one process (ADR 174), so there it is one.
  handles = released.openInstances(INSTANCES);
  migrations = await Promise.allSettled(handles.map((handle) => handle.migrate()));
  rowCountsAfterMigration = await countRows(handles[0]!, Object.keys(manifest.rowCounts));

  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: './.tmp/test-data',
    CLIENT_DIST_DIR: './.tmp/no-client',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: manifest.secrets.SESSION_SECRET,
    ENCRYPTION_KEY: manifest.secrets.ENCRYPTION_KEY,
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  app = await buildApp({ env, database: handles[0]!, loggerInstance: pino({ level: env.LOG_LEVEL, serializers: LOG_SERIALIZERS }, sink) });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  for (const handle of handles) await handle.close();
  await released?.discard();
});

async function countRows(database: DatabaseHandle, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ count: string | number }>(database, `select count(*) as count from "${table}"`);
    counts[table] = Number(row!.count);
  }
  return counts;
}

// ---- Requests as a browser sends them: same origin, the session cookie, one address per account ----

interface Visitor {
  account: FixtureAccount;
  ip: string;
  cookie: string | null;
}

async function send(visitor: Visitor, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method,
    url,
    remoteAddress: visitor.ip,
    headers: { origin: app.env.APP_URL, ...(visitor.cookie ? { cookie: visitor.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const session = response.cookies.find((cookie) => cookie.name === app.sessionCookieName);
  if (session?.value) visitor.cookie = `${session.name}=${session.value}`;
  return response;
}

/** Parses a 200 answer with a current contract; anything else fails with the answer and the server's warnings. */
function expectOk<T>(response: LightMyRequestResponse, schema: { parse(value: unknown): T }, what: string): T {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}\n${logs.slice(-3).join('')}`).toBe(200);
  return schema.parse(response.json());
}

/** One signed-in session per account, reused by the tests: a TOTP code is accepted once (a replay is refused). */
const sessions = new Map<string, Promise<Visitor>>();

function signedIn(account: FixtureAccount): Promise<Visitor> {
  let visitor = sessions.get(account.email);
  if (!visitor) {
    visitor = signIn(account, sessions.size);
    sessions.set(account.email, visitor);
  }
  return visitor;
}

async function signIn(account: FixtureAccount, index: number): Promise<Visitor> {
  const visitor: Visitor = { account, ip: `10.237.0.${index + 1}`, cookie: null };
  const login = await send(visitor, 'POST', '/api/auth/login', { email: account.email, password: account.password });
  expect(login.statusCode, `${account.email} log-in: ${login.body}`).toBe(200);
  // The secret was stored encrypted by the old version; the code is the one an authenticator shows now.
  const code = generateTotp(decodeBase32(account.totpSecret), app.now());
  const verify = await send(visitor, 'POST', '/api/mfa/verify', { type: 'totp', code });
  expect(verify.statusCode, `${account.email} TOTP: ${verify.body}`).toBe(200);
  return visitor;
}

describe('a database of released versions, opened by the current code', () => {
  it('applies every current migration once, on top of the ones the old versions applied', async () => {
    expect(migrations.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'ok'))).toEqual(handles.map(() => 'ok'));
    const applied = await queryRows<{ hash: string }>(handles[0]!, 'select hash from drizzle.__drizzle_migrations');
    expect(manifest.migrationsApplied).toBeLessThan(journal.entries.length);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(journal.entries.length);
  });

  it(`migrates with ${INSTANCES} instances starting at once (PostgreSQL)`, (context) => {
    context.skip(released.kind === 'pglite', 'PGlite: one process per data folder (ADR 174), so one instance migrates; the PostgreSQL run starts three');
    expect(handles).toHaveLength(INSTANCES);
    expect(migrations.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  });

  it('drops nothing: every table holds at least the rows the old versions left', () => {
    for (const [table, count] of Object.entries(manifest.rowCounts)) {
      expect(rowCountsAfterMigration[table], table).toBeGreaterThanOrEqual(count);
    }
    expect(rowCountsAfterMigration.assessments).toBe(manifest.assessments.length);
  });

  it('signs in every user with password and TOTP', { timeout: 60_000 }, async () => {
    for (const account of manifest.accounts) {
      const visitor = await signedIn(account);
      const user = expectOk(await send(visitor, 'GET', '/api/auth/user'), CurrentUserSchema, `${account.email} user`);
      expect(user.email).toBe(account.email);
      expect(user.role).toBe(account.role);
      const mfa = expectOk(await send(visitor, 'GET', '/api/mfa/status'), MfaStatusSchema, `${account.email} MFA status`);
      expect(mfa).toMatchObject({ totpEnabled: true, sessionMfaComplete: true });
    }
  });

  it('opens every assessment and every result, with the figures the old version stored', { timeout: 120_000 }, async () => {
    const expected = new Map(manifest.assessments.map((assessment) => [assessment.id, assessment]));
    const opened = new Set<string>();
    for (const account of manifest.accounts) {
      const visitor = await signedIn(account);
      const { organizations } = expectOk(await send(visitor, 'GET', '/api/organizations'), MyOrganizationsResponseSchema, `${account.email} organisations`);
      for (const organization of organizations) {
        expect((await send(visitor, 'POST', '/api/organizations/current', { organizationId: organization.id })).statusCode).toBe(200);
        const page = expectOk(await send(visitor, 'GET', '/api/assessments?pageSize=100'), AssessmentPageSchema, `${organization.name} list`);
        for (const item of page.items) {
          const stored = expected.get(item.id);
          expect(stored, `${item.title} is in the fixture`).toBeDefined();
          const assessment = expectOk(await send(visitor, 'GET', `/api/assessments/${item.id}`), AssessmentSchema, `${item.title}`);
          expect(assessment).toMatchObject({ title: stored!.title, status: stored!.status, engineVersion: stored!.engineVersion });
          if (stored!.status === 'completed') {
            const result = StoredRiskResultSchema.parse(assessment.result);
            expect(result.engineVersion).toBe(stored!.engineVersion);
            expect(result.annualLoss.expectedUsd).toBe(stored!.expectedAnnualLossUsd);
            expect(item.summary?.aleUsd, `${item.title} list summary`).toBeCloseTo(stored!.expectedAnnualLossUsd!, 6);
            expectOk(await send(visitor, 'GET', `/api/assessments/${item.id}/report`), ReportResponseSchema, `${item.title} report`);
          }
          opened.add(item.id);
        }
      }
    }
    expect([...opened].sort()).toEqual([...expected.keys()].sort());
  });

  it('keeps the subscription the admin granted under model 2.0', async () => {
    const alice = manifest.accounts.find((account) => account.email.startsWith('alice@'))!;
    const visitor = await signedIn(alice);
    const subscription = expectOk(await send(visitor, 'GET', '/api/billing/subscription'), OrganizationSubscriptionSchema, 'subscription');
    expect(subscription).toMatchObject({ status: 'active', plan: 'annual', hasAccess: true });
  });
});
