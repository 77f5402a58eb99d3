/**
 * One side of `npm run bench:api` (scripts/bench-api.ts starts it, pinned to one core):
 *   bench-server.ts bare <port>   a bare Fastify hello world (the baseline)
 *   bench-server.ts app <port>    CIFER as `npm start` builds it (logging to stdout, which the
 *                                 runner discards), on PGlite in a temporary folder or on the
 *                                 PostgreSQL database named by DATABASE_URL, with one signed-in,
 *                                 MFA-verified user whose cookie is sent to the parent over IPC,
 *                                 and an API token of that user whose organisation has 20
 *                                 completed assessments (the public API row), and the
 *                                 ids of one completed assessment and one draft (the mixed load).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { organizations, sessions, userMfa, users } from '../src/server/db/schema.ts';
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
  const now = new Date();
  const [org] = await database.db.insert(organizations).values({ name: 'Bench Clinic', subscriptionStatus: 'active' }).returning();
  const [user] = await database.db
    .insert(users)
    .values({ organizationId: org!.id, email: `bench-${randomBytes(4).toString('hex')}@example.com`, passwordHash: 'bench-not-a-hash', firstName: 'Bench', lastName: 'User', role: 'user', status: 'active' })
    .returning();
  await database.db.insert(userMfa).values({ userId: user!.id, totpSecretEnc: 'bench-only', totpEnabledAt: now });
  const token = await createSession(database.db, user!.id, now);
  await database.db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
  const cookie = `${app.sessionCookieName}=${token}`;
  const { apiToken, completedId } = await seedPublicApi(app, cookie, env.APP_URL);
  const draft = await app.inject({ method: 'POST', url: '/api/assessments', headers: { cookie, origin: env.APP_URL }, payload: { title: 'Bench draft' } });
  if (draft.statusCode !== 201) throw new Error(`bench draft not created: ${draft.body}`);
  await app.listen({ port, host: '127.0.0.1' });
  process.send?.({ ready: true, cookie, apiToken, completedId, draftId: draft.json<{ id: string }>().id, origin: env.APP_URL, database: database.kind });
  const stop = async () => {
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
}

/**
 * For the public API row: a read token of the bench user and 20 completed assessments of its
 * organisation, made through the API itself (the engine runs once per completion).
 */
async function seedPublicApi(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, appUrl: string): Promise<{ apiToken: string; completedId: string }> {
  const issued = await app.inject({ method: 'POST', url: '/api/account/tokens', headers: { cookie, origin: appUrl }, payload: { name: 'Bench', scopes: ['read', 'write'] } });
  if (issued.statusCode !== 201) throw new Error(`bench token not created: ${issued.body}`);
  const apiToken = issued.json<{ secret: string }>().secret;
  const headers = { authorization: `Bearer ${apiToken}` };
  let completedId = '';
  for (let i = 0; i < 20; i += 1) {
    const created = await app.inject({ method: 'POST', url: '/api/v1/assessments', headers, payload: { title: `Bench ${i + 1}`, input: SAMPLE_CLINIC_INPUT } });
    const completed = await app.inject({ method: 'POST', url: `/api/v1/assessments/${created.json<{ id: string }>().id}/complete`, headers });
    if (completed.statusCode !== 200) throw new Error(`bench assessment not completed: ${completed.body}`);
    completedId = completed.json<{ id: string }>().id;
  }
  // Each completion computes its what-changed waterfall ahead, on the engine worker (ADR 127): let
  // that settle, or the first rounds measure the worker's engine runs rather than the API.
  await app.backgroundTasks.idle();
  return { apiToken, completedId };
}

await (mode === 'bare' ? bare() : cifer());
