/**
 * One side of `npm run bench:api` (scripts/bench-api.ts starts it, pinned to one core):
 *   bench-server.ts bare <port>   a bare Fastify hello world (the baseline)
 *   bench-server.ts app <port>    CIFER as `npm start` builds it (logging to stdout, which the
 *                                 runner discards), on PGlite in a temporary folder or on the
 *                                 PostgreSQL database named by DATABASE_URL, with BENCH_USERS
 *                                 signed-in, MFA-verified users (seedUsers), whose cookies,
 *                                 drafts, completed assessments and organisations' API tokens
 *                                 are sent to the parent over IPC.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { assessments, organizations, sessions, userMfa, users } from '../src/server/db/schema.ts';
import { parseEnv } from '../src/server/env.ts';
import { createSession, hashToken } from '../src/server/sessions/session-store.ts';
import { SAMPLE_CLINIC_INPUT } from '../src/engine/sample-inputs.ts';

const [mode, portText] = process.argv.slice(2);
const port = Number(portText);

async function bare() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.({ ready: true });
  // A clean exit, so `node --cpu-prof` can write the baseline's profile too.
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function cifer() {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'cifer-bench-'));
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir ?? join(tmpdir(), 'cifer-bench-secrets'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    CLIENT_DIST_DIR: './.tmp/no-client',
    LOG_LEVEL: 'info',
    // The per-IP ceiling stays on (its cost is part of the figure) but cannot trip on one client.
    API_IP_LIMIT_PER_MINUTE: '1000000000',
    // Likewise the per-token budget (ADR 228): counted on every token call, never reached by the bench.
    API_TOKEN_LIMIT_PER_MINUTE: '1000000000',
  });
  const database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir });
  await database.migrate();
  const app = await buildApp({ env, database });
  const users = await seedUsers(app, database.db, env.APP_URL, Number(process.env.BENCH_USERS ?? 200));
  // Each completion computes its what-changed waterfall ahead, on the engine worker (ADR 127): let
  // that settle, or the first seconds measure the worker's engine runs rather than the API.
  await app.backgroundTasks.idle();
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.({ ready: true, users, origin: env.APP_URL, database: database.kind });
  reportEventLoopDelay();
  const stop = async () => {
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

/**
 * The event loop's delay while the users act, on the parent's 'loop-start' and 'loop-stop'
 * messages: how long a request that arrived waited for the loop (every request waits behind
 * whatever runs on it, a report rendered there included). In ms: p50, p99 and the longest.
 */
function reportEventLoopDelay() {
  let histogram: ReturnType<typeof monitorEventLoopDelay> | null = null;
  process.on('message', (message: unknown) => {
    if (message === 'loop-start') {
      histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
    } else if (message === 'loop-stop' && histogram) {
      histogram.disable();
      const ms = (ns: number) => ns / 1e6;
      process.send?.({ loop: { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } });
      histogram = null;
    }
  });
}

/** Colleagues per organisation, and completed assessments each organisation starts with. */
const USERS_PER_ORGANIZATION = 10;
const COMPLETED_PER_ORGANIZATION = 3;

type App = Awaited<ReturnType<typeof buildApp>>;
type Db = ReturnType<typeof openDatabase>['db'];

/** A signed-in, MFA-verified user's session cookie (written straight to the database: the bench measures use, not sign-in). */
async function signedInUser(app: App, db: Db, organizationId: string, now: Date): Promise<{ cookie: string; userId: string }> {
  const [user] = await db
    .insert(users)
    .values({ organizationId, email: `bench-${randomBytes(6).toString('hex')}@example.com`, passwordHash: 'bench-not-a-hash', firstName: 'Bench', lastName: 'User', role: 'user', status: 'active' })
    .returning();
  await db.insert(userMfa).values({ userId: user!.id, totpSecretEnc: 'bench-only', totpEnabledAt: now });
  const token = await createSession(db, user!.id, now);
  await db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
  return { cookie: `${app.sessionCookieName}=${token}`, userId: user!.id };
}

/**
 * `count` users in organisations of USERS_PER_ORGANIZATION. Each organisation has an API token of
 * its first user (an integrator's dashboard, the public list) and COMPLETED_PER_ORGANIZATION
 * completed assessments made through the public API (the engine runs once per completion); each
 * user has a draft of their own to autosave.
 */
async function seedUsers(app: App, db: Db, appUrl: string, count: number): Promise<BenchUser[]> {
  const now = new Date();
  const seeded: BenchUser[] = [];
  let template: string[] = [];
  for (let first = 0; first < count; first += USERS_PER_ORGANIZATION) {
    const [org] = await db.insert(organizations).values({ name: `Bench Clinic ${first / USERS_PER_ORGANIZATION + 1}`, subscriptionStatus: 'active' }).returning();
    const members: Array<{ cookie: string; userId: string }> = [];
    for (let i = first; i < Math.min(count, first + USERS_PER_ORGANIZATION); i += 1) members.push(await signedInUser(app, db, org!.id, now));
    const cookies = members.map((member) => member.cookie);
    const { apiToken, completedIds } = await seedOrganization(app, db, { cookie: cookies[0]!, organizationId: org!.id, authorId: members[0]!.userId }, appUrl, template);
    template = completedIds;
    for (const [index, cookie] of cookies.entries()) {
      const draft = await app.inject({ method: 'POST', url: '/api/assessments', headers: { cookie, origin: appUrl }, payload: { title: 'Bench draft' } });
      if (draft.statusCode !== 201) throw new Error(`bench draft not created: ${draft.body}`);
      seeded.push({ cookie, apiToken, draftId: draft.json<{ id: string }>().id, completedId: completedIds[index % completedIds.length]! });
    }
  }
  return seeded;
}

export interface BenchUser {
  cookie: string;
  /** Their organisation's API token (read and write). */
  apiToken: string;
  /** Their own draft, and a completed assessment of their organisation. */
  draftId: string;
  completedId: string;
}

/**
 * An API token of the organisation's first user and the organisation's completed assessments: the
 * first organisation's made through the public API (the engine runs once per completion), the
 * others' copied from them in SQL (the same rows, their own ids and author), so seeding 200 users
 * does not wait for a hundred engine runs.
 */
async function seedOrganization(app: App, db: Db, first: { cookie: string; organizationId: string; authorId: string }, appUrl: string, template: string[]): Promise<{ apiToken: string; completedIds: string[] }> {
  const { cookie, organizationId, authorId } = first;
  const issued = await app.inject({ method: 'POST', url: '/api/account/tokens', headers: { cookie, origin: appUrl }, payload: { name: 'Bench', scopes: ['read', 'write'] } });
  if (issued.statusCode !== 201) throw new Error(`bench token not created: ${issued.body}`);
  const apiToken = issued.json<{ secret: string }>().secret;
  const headers = { authorization: `Bearer ${apiToken}` };
  if (template.length > 0) {
    const completedIds: string[] = [];
    for (const id of template) {
      const [original] = await db.select().from(assessments).where(eq(assessments.id, id));
      const { id: _id, ...row } = original!;
      const [copy] = await db.insert(assessments).values({ ...row, organizationId, authorId }).returning({ id: assessments.id });
      completedIds.push(copy!.id);
    }
    return { apiToken, completedIds };
  }
  const completedIds: string[] = [];
  for (let i = 0; i < COMPLETED_PER_ORGANIZATION; i += 1) {
    const created = await app.inject({ method: 'POST', url: '/api/v1/assessments', headers, payload: { title: `Bench ${i + 1}`, input: SAMPLE_CLINIC_INPUT } });
    const completed = await app.inject({ method: 'POST', url: `/api/v1/assessments/${created.json<{ id: string }>().id}/complete`, headers });
    if (completed.statusCode !== 200) throw new Error(`bench assessment not completed: ${completed.body}`);
    completedIds.push(completed.json<{ id: string }>().id);
  }
  return { apiToken, completedIds };
}

await (mode === 'bare' ? bare() : cifer());
