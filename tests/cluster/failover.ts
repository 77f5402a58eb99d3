/**
 * npm run test:cluster (a step of .ci/run; needs PostgreSQL at DATABASE_URL, Redis at REDIS_URL and
 * Debian's nginx): three instances behind nginx (scripts/cluster.ts, ADR 235), on a fresh database
 * made for this run and dropped after it, and a Redis key namespace of its own.
 *
 *   1. a logout on one instance refuses the session on the others within 1 s (session cache, ADR 173);
 *   2. under steady signed-in load through nginx one instance is killed (SIGKILL) and another
 *      restarted (SIGTERM: drain, ADR 236, then a new process): no idempotent request fails, every
 *      failed write is nginx's retryable 503, every acknowledged write is in the database, and a
 *      client on one kept-alive connection sees no failure (nginx is never reloaded, ADR 280);
 *   3. the overdue reassessment reminder and its webhook happen exactly once, though every
 *      instance (and the restarted one again) runs the scheduler;
 *   4. nginx's access lines carry their time; `npm run cluster` sent SIGTERM while it starts leaves
 *      no process behind (ADR 279) and keeps its logs in a dated folder.
 *
 * Prints the figures as a Markdown table (docs/benchmarks.md) and exits 1 when a check fails.
 * Bounded: the whole run is stopped after CLUSTER_TEST_TIMEOUT_S (default 240) seconds; about a minute
 * on an otherwise idle two-core machine (docs/benchmarks.md).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { assessments, emailOutbox, organizations, sessions, userMfa, users, webhookDeliveries } from '../../src/server/db/schema.ts';
import { parseEnv } from '../../src/server/env.ts';
import { startWebhookReceiver } from '../../src/server/test/webhook-receiver.ts';
import { createSession, hashToken } from '../../src/server/sessions/session-store.ts';
import { httpRequest, startCluster, type Cluster } from '../../scripts/cluster.ts';

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 5450);
const LOAD_WORKERS = 6;
const RUN_ID = randomBytes(4).toString('hex');
const NAMESPACE = `cifer-cluster-${RUN_ID}`;
/** nginx's folder and the instances' logs: removed when the run passes, kept (and named) when it fails. */
const WORK_DIR = join(tmpdir(), `cifer-cluster-test-${RUN_ID}`);

let cluster: Cluster | null = null;
/** Drops the run's database and Redis keys; set once they exist, so the watchdog can call it too. */
let cleanUp: () => Promise<void> = async () => {};
const watchdog = setTimeout(() => {
  console.error('cluster test: out of time');
  cluster?.killAll();
  const exit = () => process.exit(1);
  setTimeout(exit, 10_000).unref();
  void cleanUp().finally(exit);
}, Number(process.env.CLUSTER_TEST_TIMEOUT_S ?? 240) * 1_000);
watchdog.unref();

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Seed {
  organizationId: string;
  email: string;
  loadCookie: string;
  logoutCookie: string;
}

/**
 * Migrates the run's database and seeds it through the app in this process (no scheduler here):
 * a signed-in, MFA-verified owner with two sessions, a completed assessment two years old (so its
 * reassessment is overdue) and a webhook endpoint for `reassessment.due` at the local receiver.
 */
async function seed(env: Record<string, string>, receiverUrl: string): Promise<Seed> {
  const appEnv = parseEnv({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
  const database = openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
  await database.migrate();
  const app = await buildApp({ env: appEnv, database });
  const now = new Date();
  const [org] = await database.db.insert(organizations).values({ name: 'Cluster Clinic' }).returning();
  const email = `cluster-${RUN_ID}@example.com`;
  const [user] = await database.db.insert(users).values({ organizationId: org!.id, email, passwordHash: 'cluster-not-a-hash', firstName: 'Cluster', lastName: 'Owner', role: 'user', status: 'active' }).returning();
  await database.db.insert(userMfa).values({ userId: user!.id, totpSecretEnc: 'cluster-only', totpEnabledAt: now });
  const cookieOf = async () => {
    const token = await createSession(database.db, user!.id, now);
    await database.db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
    return `${app.sessionCookieName}=${token}`;
  };
  const loadCookie = await cookieOf();
  const logoutCookie = await cookieOf();
  const headers = { cookie: loadCookie, origin: appEnv.APP_URL };
  const created = await app.inject({ method: 'POST', url: '/api/assessments', headers, payload: { title: 'Baseline', input: SAMPLE_CLINIC_INPUT } });
  const id = created.json<{ id: string }>().id;
  const completed = await app.inject({ method: 'POST', url: `/api/assessments/${id}/complete`, headers, payload: { input: SAMPLE_CLINIC_INPUT } });
  if (completed.statusCode !== 200) throw new Error(`seed assessment not completed: ${completed.statusCode} ${completed.body}`);
  await app.backgroundTasks.idle();
  await database.db.update(assessments).set({ completedAt: new Date(now.getTime() - 2 * 365 * 86_400_000) }).where(eq(assessments.id, id));
  const endpoint = await app.inject({ method: 'POST', url: `/api/organizations/${org!.id}/webhooks`, headers, payload: { url: receiverUrl, events: ['reassessment.due'] } });
  if (endpoint.statusCode !== 201) throw new Error(`seed webhook not created: ${endpoint.statusCode} ${endpoint.body}`);
  await app.close();
  await database.close();
  return { organizationId: org!.id, email, loadCookie, logoutCookie };
}

/** Logs out on instance 0 and measures how long instances 1 and 2, which had the session cached, keep accepting it. */
async function logoutPropagation(cluster: Cluster, seedData: Seed, appUrl: string): Promise<number> {
  const asUser = (port: number) => httpRequest(`http://127.0.0.1:${port}/api/auth/user`, { headers: { cookie: seedData.logoutCookie } });
  for (const instance of cluster.instances) check((await asUser(instance.port)).status === 200, `session accepted by instance ${instance.index} before logout`);
  const loggedOut = await httpRequest(`http://127.0.0.1:${cluster.instances[0]!.port}/api/auth/logout`, { method: 'POST', headers: { cookie: seedData.logoutCookie, origin: appUrl } });
  check(loggedOut.status < 300, `logout on instance 0 answered ${loggedOut.status}`);
  const started = Date.now();
  let slowest = 0;
  for (const instance of cluster.instances.slice(1)) {
    while ((await asUser(instance.port)).status === 200 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20));
    slowest = Math.max(slowest, Date.now() - started);
  }
  return slowest;
}

interface Outcome {
  method: 'GET' | 'POST';
  status: number;
  ms: number;
  retryable: boolean;
  id?: string;
}

/** LOAD_WORKERS loops of signed-in calls through nginx until `until` resolves: 3 reads for each write. */
async function steadyLoad(url: string, seedData: Seed, appUrl: string, until: Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let running = true;
  void until.then(() => (running = false));
  const headers = { cookie: seedData.loadCookie, origin: appUrl, 'content-type': 'application/json' };
  const worker = async (n: number) => {
    for (let i = 0; running; i += 1) {
      const write = (i + n) % 4 === 0;
      const started = performance.now();
      try {
        const response = write
          ? await httpRequest(`${url}/api/assessments`, { method: 'POST', headers, body: JSON.stringify({ title: `Load ${n}-${i}` }) })
          : await httpRequest(`${url}/api/${i % 2 === 0 ? 'auth/user' : 'assessments'}`, { headers: { cookie: seedData.loadCookie } });
        const ms = performance.now() - started;
        const retryable = response.status === 503 && response.headers['retry-after'] !== undefined && response.body.includes('"upstream_unavailable"');
        const id = write && response.status === 201 ? JSON.parse(response.body).id : undefined;
        outcomes.push({ method: write ? 'POST' : 'GET', status: response.status, ms, retryable, ...(id ? { id } : {}) });
      } catch {
        outcomes.push({ method: write ? 'POST' : 'GET', status: 0, ms: performance.now() - started, retryable: false });
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await Promise.all(Array.from({ length: LOAD_WORKERS }, (_, n) => worker(n)));
  return outcomes;
}

/**
 * One client on one kept-alive connection (as a browser or an API client holds one) asking through
 * nginx until `until` resolves: nginx reloads used to close such connections under the client's
 * next request (ADR 280). Counts the requests, the failed ones and the connections opened.
 */
async function keepAliveProbe(url: string, until: Promise<void>): Promise<{ requests: number; failed: number; connections: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  void until.then(() => (running = false));
  const result = { requests: 0, failed: 0, connections: 0 };
  const get = () =>
    new Promise<number>((resolvePromise, reject) => {
      const req = request(`${url}/healthz`, { agent, timeout: 15_000 }, (res) => {
        res.resume();
        res.on('end', () => resolvePromise(res.statusCode ?? 0));
      });
      req.on('socket', (socket) => {
        if (!(socket as { counted?: boolean }).counted) result.connections += 1;
        (socket as { counted?: boolean }).counted = true;
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end();
    });
  while (running) {
    result.requests += 1;
    if ((await get().catch(() => 0)) !== 200) result.failed += 1;
    await new Promise((r) => setTimeout(r, 50));
  }
  agent.destroy();
  return result;
}

const processGroupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm run cluster` stopped by one SIGTERM to npm while it starts (its instance listening, nginx not
 * yet up): npm exits and nothing it started is left (ADR 279). Every process it starts stays in its
 * process group, so an empty group means no orphan. Returns what went wrong, or null.
 */
async function npmClusterStopsOnSigterm(env: Record<string, string>, port: number): Promise<string | null> {
  const dataDir = join(WORK_DIR, 'npm-cluster');
  mkdirSync(dataDir, { recursive: true });
  const npm = spawn('npm', ['run', 'cluster', '--', '--instances', '1', '--port', String(port)], { env: { ...process.env, ...env, DATA_DIR: dataDir }, detached: true, stdio: 'ignore' });
  const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
  const pgid = npm.pid!;
  try {
    const deadline = Date.now() + 90_000;
    while (!(await httpRequest(`http://127.0.0.1:${port + 1}/healthz`, { timeoutMs: 1_000 }).then(() => true, () => false))) {
      if (Date.now() > deadline) return 'its instance never answered';
      await new Promise((r) => setTimeout(r, 100));
    }
    npm.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'slow'>((r) => setTimeout(() => r('slow'), 15_000))]);
    if (code === 'slow') return 'npm did not exit within 15 s of SIGTERM';
    for (let i = 0; i < 50 && processGroupAlive(pgid); i += 1) await new Promise((r) => setTimeout(r, 100));
    if (processGroupAlive(pgid)) return 'processes it started were still running 5 s after npm exited';
    // Its logs outlive it, in a folder named by its start time.
    const kept = readdirSync(join(dataDir, 'logs')).filter((name) => /^cluster-\d{4}-\d{2}-\d{2}T/.test(name));
    return kept.length === 1 && existsSync(join(dataDir, 'logs', kept[0]!, 'instance-0.log')) ? null : `no dated log folder with the instance's log left in ${dataDir}/logs`;
  } finally {
    if (processGroupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  }
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

async function main() {
  if (!ADMIN_URL || !REDIS_URL) throw new Error('DATABASE_URL (PostgreSQL) and REDIS_URL are required');
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const dbName = `cifer_cluster_${RUN_ID}`;
  await admin.unsafe(`create database ${dbName}`);
  const receiver = await startWebhookReceiver();
  cleanUp = async () => {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${NAMESPACE}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  };
  const startedAt = Date.now();
  try {
    const appUrl = `http://127.0.0.1:${PORT}`;
    mkdirSync('.tmp/no-client', { recursive: true });
    const env = {
      DATABASE_URL: databaseUrl(dbName),
      REDIS_URL,
      RATE_LIMIT_NAMESPACE: NAMESPACE,
      // Not 'production': there a webhook must use https, and the test's receiver is plain http on
      // loopback (target-policy.ts). Nothing else this test touches depends on NODE_ENV.
      NODE_ENV: 'development',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      APP_URL: appUrl,
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: '1500',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      API_IP_LIMIT_PER_MINUTE: '0',
      CLIENT_DIST_DIR: './.tmp/no-client',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    };
    const seedData = await seed(env, receiver.url);
    console.log(`seeded after ${Math.round((Date.now() - startedAt) / 1000)} s`);
    cluster = await startCluster({ instances: 3, port: PORT, env, workDir: WORK_DIR, healthIntervalMs: 500, log: (line) => console.log(line) });
    const ready = cluster;
    console.log(`cluster up after ${Math.round((Date.now() - startedAt) / 1000)} s`);

    const logoutMs = await logoutPropagation(ready, seedData, appUrl);
    check(logoutMs <= 1_000, `logout on one instance refused on the others within 1 s (${logoutMs} ms)`);

    // The disruption, under load: kill instance 1 outright, then restart instance 2 gracefully.
    const disruption = (async () => {
      await new Promise((r) => setTimeout(r, 4_000));
      await ready.stopInstance(1, 'SIGKILL');
      console.log('instance 1 killed (SIGKILL)');
      await new Promise((r) => setTimeout(r, 3_000));
      const code = await ready.stopInstance(2, 'SIGTERM');
      check(code === 0, `instance 2 drained and exited cleanly on SIGTERM (exit ${code})`);
      await ready.startInstance(2);
      console.log('instance 2 restarted');
      await new Promise((r) => setTimeout(r, 3_000));
    })();
    const [outcomes, kept] = await Promise.all([steadyLoad(ready.url, seedData, appUrl, disruption), keepAliveProbe(ready.url, disruption)]);
    await disruption;
    // One connection throughout (nginx ends one itself only after keepalive_requests, 1000): with a
    // reload per readiness change the client had to reconnect after each (4 connections, ADR 280).
    check(kept.requests > 50 && kept.failed === 0, `a kept-alive connection through nginx saw no failure (${kept.requests} requests, ${kept.failed} failed)`);
    check(kept.connections <= Math.ceil(kept.requests / 1000), `nginx never closed the kept-alive connection (${kept.connections} connection(s) for ${kept.requests} requests)`);

    const reads = outcomes.filter((o) => o.method === 'GET');
    const writes = outcomes.filter((o) => o.method === 'POST');
    const failedReads = reads.filter((o) => o.status !== 200);
    const failedWrites = writes.filter((o) => o.status !== 201);
    const silentWrites = failedWrites.filter((o) => !o.retryable);
    const acknowledged = writes.flatMap((o) => (o.id ? [o.id] : []));
    const database = openDatabase({ kind: 'postgres', url: env.DATABASE_URL });
    const stored = acknowledged.length === 0 ? 0 : (await database.db.select({ id: assessments.id }).from(assessments).where(inArray(assessments.id, acknowledged))).length;
    check(reads.length > 0 && writes.length > 0, `load ran: ${reads.length} reads, ${writes.length} writes`);
    check(failedReads.length === 0, `0 failed idempotent requests (${failedReads.length}: ${failedReads.slice(0, 5).map((o) => o.status).join(', ')})`);
    check(silentWrites.length === 0, `every failed write answered as retryable (${failedWrites.length} failed, ${silentWrites.length} not retryable: ${silentWrites.slice(0, 5).map((o) => o.status).join(', ')})`);
    check(stored === acknowledged.length, `0 acknowledged writes lost (${acknowledged.length} acknowledged, ${stored} stored)`);

    // Exactly once: the reminder (mail in the outbox) and its webhook, whatever the instances did.
    const deadline = Date.now() + 20_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1_000));
    const reminders = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(sql`${emailOutbox.to} = ${seedData.email} and ${emailOutbox.subject} like '%reassessment is overdue%'`);
    check(reminders.length === 1, `one reminder e-mail (${reminders.length})`);
    const hooks = receiver.received.filter((hook) => hook.body.includes('"reassessment.due"'));
    check(hooks.length === 1 && receiver.received.length === 1, `one webhook delivery (${receiver.received.length} received)`);
    if (hooks.length !== 1) console.log('deliveries:', JSON.stringify(await database.db.select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, error: webhookDeliveries.lastError, type: webhookDeliveries.eventType }).from(webhookDeliveries)));
    await database.close();

    // Alone on the machine: the three instances stop first.
    await ready.stop();
    cluster = null;
    const accessLines = readFileSync(join(WORK_DIR, 'nginx', 'access.log'), 'utf8').trim().split('\n');
    check(accessLines.length > 100 && accessLines.every((line) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2} /.test(line)), `every nginx access line starts with its time (${accessLines.length} lines; first: ${accessLines[0]?.slice(0, 60)})`);
    const stopStartedAt = Date.now();
    const stopProblem = await npmClusterStopsOnSigterm(env, PORT + 10);
    check(stopProblem === null, `SIGTERM to \`npm run cluster\` while it starts stops everything it started (${stopProblem ?? 'nothing left'}; ${Math.round((Date.now() - stopStartedAt) / 1000)} s)`);

    const seconds = Math.round((Date.now() - startedAt) / 1000);
    console.log(`\n| Requests (reads / writes) | Failed reads | Failed writes (all retryable 503) | Acknowledged writes lost | p99 read | p99 write | Logout seen everywhere | Run |`);
    console.log(`|---|---|---|---|---|---|---|---|`);
    console.log(`| ${outcomes.length} (${reads.length} / ${writes.length}) | ${failedReads.length} | ${failedWrites.length} (${failedWrites.length - silentWrites.length}) | ${acknowledged.length - stored} | ${Math.round(p99(reads.map((o) => o.ms)))} ms | ${Math.round(p99(writes.map((o) => o.ms)))} ms | ${logoutMs} ms | ${seconds} s |`);
  } finally {
    await cluster?.stop().catch((error: unknown) => console.error('cluster stop failed', error));
    await receiver.close();
    await cleanUp();
  }
  if (failures.length > 0) {
    console.error(`\ncluster test failed: ${failures.length} check(s); nginx and instance logs in ${WORK_DIR}`);
    process.exit(1);
  }
  rmSync(WORK_DIR, { recursive: true, force: true });
  console.log('\ncluster test passed');
  process.exit(0);
}

await main();
