/**
 * npm run test:faults (a step of .ci/run; PostgreSQL at DATABASE_URL, Redis at REDIS_URL, Debian's
 * nginx): one instance started as docs/deployment.md says (`node --import tsx src/server/main.ts`, on the
 * machine's Node, /usr/bin/node when there is one), behind nginx rendered from
 * deploy/nginx/cifer.conf.template, on a fresh database reached through a TCP proxy of this script
 * (tcp-proxy.ts) that it cuts: the machine's PostgreSQL itself is never stopped. Checks:
 *
 *   1. the instance is ready only once a model run passed on its worker (ADR 276);
 *   2. sign-ups with invented X-Forwarded-For addresses through nginx count as one client: the
 *      per-address limit holds, and sessions and the audit log record the real peer (ADR 277);
 *   3. an instance whose ENCRYPTION_KEY does not open the stored two-factor secrets refuses to start,
 *      and `npm run restore` of a backup with such a key is refused, naming the key to give;
 *   4. /metrics answers during a database outage, with the database and Redis gauges;
 *   5. a database outage, refused or silent, is answered 503 with Retry-After within 2 s, no request
 *      waits longer than that, and the instance is ready again once the database is back (ADR 278).
 *
 * Prints the figures as a Markdown table (docs/benchmarks.md) and exits 1 when a check fails.
 * Loopback only; ports FAULT_TEST_PORT (default 7400) to +5; stopped after FAULT_TEST_TIMEOUT_S (90).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { scriptHarness, sleep, status, waitFor } from '../support/script-harness.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { sessions, userMfa, users } from '../../src/server/db/schema.ts';
import { createSession, hashToken } from '../../src/server/sessions/session-store.ts';
import { totpSecretAssociatedData } from '../../src/server/lib/stored-secret-key.ts';
import { encryptSecret } from '../../src/server/lib/secret-crypto.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const BASE_PORT = Number(process.env.FAULT_TEST_PORT ?? 7400);
const PROXY_PORT = BASE_PORT;
const INSTANCE_PORT = BASE_PORT + 1;
const NGINX_PORT = BASE_PORT + 2;
const WRONG_KEY_PORT = BASE_PORT + 3;
const ROOT = resolve(import.meta.dirname, '../..');
const RUN_ID = randomBytes(4).toString('hex');
const DATABASE_NAME = `cifer_faults_${RUN_ID}`;
const WORK_DIR = join(tmpdir(), `cifer-faults-${RUN_ID}`);
/** The machine's Node (the `node` of docs/deployment.md's `node --import tsx src/server/main.ts`), else this one. */
const NODE = process.env.FAULT_TEST_NODE ?? (existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath);
const APP_URL = `http://127.0.0.1:${NGINX_PORT}`;
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** Every request of the outage checks must be answered within this (the issue's bound). */
const ANSWER_BOUND_MS = 2_000;

const harness = scriptHarness('fault test', Number(process.env.FAULT_TEST_TIMEOUT_S ?? 90));
const { check, failures, figures } = harness;

function urlOf(base: string, name: string, port?: number): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (port !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  return url.toString();
}

function instanceEnv(port: number, encryptionKey: string, sessionSecret: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: urlOf(ADMIN_URL!, DATABASE_NAME, PROXY_PORT),
    REDIS_URL,
    RATE_LIMIT_NAMESPACE: `cifer-faults-${RUN_ID}`,
    SESSION_SECRET: sessionSecret,
    ENCRYPTION_KEY: encryptionKey,
    METRICS_TOKEN,
    APP_URL,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    CLIENT_DIST_DIR: join(WORK_DIR, 'no-client'),
    DATA_DIR: join(WORK_DIR, 'data'),
  };
}

/** `node --import tsx src/server/main.ts` as the deployment guide starts an instance; its output kept for the report. */
function startInstance(env: NodeJS.ProcessEnv, name: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(NODE, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  harness.track(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  void exited.then(() => writeFileSync(join(WORK_DIR, `${name}.log`), output));
  return { child, output: () => output, exited };
}

/** nginx from the deployment template, in front of the one instance. */
function startNginx(): ChildProcess {
  const dir = join(WORK_DIR, 'nginx');
  for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(join(dir, sub), { recursive: true });
  const conf = readFileSync(join(ROOT, 'deploy/nginx/cifer.conf.template'), 'utf8').replaceAll('{{LISTEN}}', `127.0.0.1:${NGINX_PORT}`).replaceAll('{{WORKER_PROCESSES}}', '1');
  if (conf.includes('{{')) throw new Error('the nginx template has a placeholder this test does not fill');
  writeFileSync(join(dir, 'nginx.conf'), conf);
  writeFileSync(join(dir, 'upstream.conf'), `server 127.0.0.1:${INSTANCE_PORT} max_fails=1 fail_timeout=2s;\n`);
  const nginx = spawn(process.env.NGINX_BIN ?? '/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
  harness.track(nginx);
  return nginx;
}

const ready = async (port: number) => (await status(`http://127.0.0.1:${port}/readyz`)).status === 200;

/** Point 2: twelve sign-ups, each claiming another address, through nginx. Answers the session cookie's name. */
async function spoofedSignUps(db: postgres.Sql): Promise<string> {
  const statuses: number[] = [];
  let cookie = '';
  for (let n = 1; n <= 12; n += 1) {
    const answer = await status(`${APP_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL, 'x-forwarded-for': `203.0.113.${n}` },
      body: JSON.stringify({ email: `spoof-${n}-${RUN_ID}@example.com`, password: `Fault-test-${RUN_ID}-passphrase`, firstName: 'Spoof', lastName: `Number ${n}`, company: 'Faults Inc' }),
    });
    statuses.push(answer.status);
    const setCookie = answer.headers['set-cookie'];
    if (!cookie && answer.status === 200 && setCookie) cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
  }
  const accepted = statuses.filter((code) => code === 200).length;
  check(accepted === 10 && statuses.slice(10).every((code) => code === 429), `12 sign-ups with invented X-Forwarded-For through nginx: ${accepted} accepted, then ${statuses.slice(10).join(', ')} (limit 10 per address)`);
  const sessionIps = await db<{ ip: string | null }[]>`select distinct s.ip from sessions s join users u on u.id = s.user_id where u.email like ${`spoof-%-${RUN_ID}@example.com`}`;
  const auditIps = await db<{ ip: string | null }[]>`select distinct ip from audit_log where ip is not null`;
  check(sessionIps.length > 0 && sessionIps.every((row) => row.ip === '127.0.0.1'), `sessions record the real peer: ${sessionIps.map((row) => row.ip).join(', ')}`);
  check(auditIps.length > 0 && auditIps.every((row) => row.ip === '127.0.0.1'), `the audit log records the real peer: ${auditIps.map((row) => row.ip).join(', ')}`);
  figures.push(['Spoofed sign-ups accepted through nginx (limit 10)', `${accepted} of 12`]);
  return cookie.split('=')[0]!;
}

/**
 * One of those users with two-factor sign-in (its secret sealed with the instance's key) and a
 * verified session made in the database, as the cluster test does: its requests read the database
 * (the outage checks), and its secret is what a server with another key cannot open (point 3).
 */
async function verifiedSession(cookieName: string, encryptionKey: string): Promise<string> {
  const database = openDatabase({ kind: 'postgres', url: urlOf(ADMIN_URL!, DATABASE_NAME), maxConnections: 1 });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, `spoof-1-${RUN_ID}@example.com`));
    const now = new Date();
    await database.db.insert(userMfa).values({ userId: user!.id, totpSecretEnc: encryptSecret(encryptionKey, 'JBSWY3DPEHPK3PXP', totpSecretAssociatedData(user!.id)), totpEnabledAt: now });
    const token = await createSession(database.db, user!.id, now);
    await database.db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
    return `${cookieName}=${token}`;
  } finally {
    await database.close();
  }
}

/** Point 3: an instance given another ENCRYPTION_KEY than the stored secrets' (verifiedSession's) refuses to start. */
async function wrongKeyRefused(sessionSecret: string): Promise<void> {
  const started = performance.now();
  const wrong = startInstance(instanceEnv(WRONG_KEY_PORT, randomBytes(32).toString('hex'), sessionSecret), 'wrong-key');
  const code = await Promise.race([wrong.exited, sleep(45_000).then(() => 'running' as const)]);
  if (code === 'running') wrong.child.kill('SIGKILL');
  const refusedMs = performance.now() - started;
  check(code === 1 && wrong.output().includes('cannot be opened with this ENCRYPTION_KEY'), `an instance with another ENCRYPTION_KEY refuses to start: exit ${code}, "${wrong.output().trim().split('\n').at(-1)?.slice(0, 120)}"`);
  figures.push(['Start refused with a key that does not open the stored secrets', `exit ${code} after ${(refusedMs / 1000).toFixed(1)} s`]);
}

/** Runs one of the package's scripts as an operator would (`tsx scripts/<name>.ts`); its exit code and output. */
async function runScript(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(NODE, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  harness.track(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolvePromise) => child.once('exit', resolvePromise));
  return { code, output };
}

/**
 * Point 3 through the README's commands: `npm run backup` of the run's database, then `npm run
 * restore` of it into an empty database with another ENCRYPTION_KEY: refused, naming the key to give.
 */
async function restoreWithAnotherKey(admin: postgres.Sql, encryptionKey: string): Promise<void> {
  const restoredName = `${DATABASE_NAME}_restored`;
  await admin.unsafe(`create database ${restoredName}`);
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'development', DATA_DIR: join(WORK_DIR, 'restore-data'), BACKUP_DIR: join(WORK_DIR, 'backups'), SESSION_SECRET: randomBytes(32).toString('hex') };
  try {
    const backup = await runScript('backup', [], { ...base, DATABASE_URL: urlOf(ADMIN_URL!, DATABASE_NAME), ENCRYPTION_KEY: encryptionKey });
    const file = /(\/\S+\.dump)/.exec(backup.output)?.[1];
    check(backup.code === 0 && file !== undefined, `npm run backup of the run's database: exit ${backup.code}`);
    if (!file) return;
    check((statSync(file).mode & 0o777) === 0o600, `the PostgreSQL backup file is readable by its owner only: ${(statSync(file).mode & 0o777).toString(8)}`);
    const started = performance.now();
    const restore = await runScript('restore', [file], { ...base, DATABASE_URL: urlOf(ADMIN_URL!, restoredName), ENCRYPTION_KEY: randomBytes(32).toString('hex') });
    const message = restore.output.trim().split('\n').at(-1) ?? '';
    check(restore.code === 1 && message.includes('cannot be opened with this ENCRYPTION_KEY') && message.includes('set ENCRYPTION_KEY'), `npm run restore with another ENCRYPTION_KEY is refused: exit ${restore.code}, "${message.slice(0, 140)}…"`);
    figures.push(['`npm run restore` with another key (PostgreSQL)', `exit ${restore.code} with the remedy after ${((performance.now() - started) / 1000).toFixed(1)} s`]);
  } finally {
    await admin.unsafe(`drop database if exists ${restoredName} with (force)`);
  }
}

interface OutageFigures {
  firstAnswerMs: number;
  slowestMs: number;
  answered503: number;
  total: number;
  recoveryMs: number;
}

/** A burst of signed-in reads while the database is away: each one's status and time. */
async function burst(cookie: string, count: number) {
  return Promise.all(Array.from({ length: count }, () => status(`http://127.0.0.1:${INSTANCE_PORT}/api/auth/sessions`, { headers: { cookie } })));
}

/** Points 4 and 5 for one kind of outage. */
async function outage(kind: 'refused' | 'silent', proxy: TcpProxy, cookie: string): Promise<OutageFigures> {
  const before = await status(`http://127.0.0.1:${INSTANCE_PORT}/api/auth/sessions`, { headers: { cookie } });
  check(before.status === 200, `${kind}: a signed-in read answers 200 before the outage (${before.status})`);
  if (kind === 'refused') await proxy.refuse();
  else proxy.silence();
  // Forty signed-in reads sent at the cut, together: none may wait behind another.
  const answers = await burst(cookie, 40);
  const firstAnswerMs = Math.min(...answers.map((answer) => answer.ms));
  const retryable = answers.filter((answer) => answer.status === 503 && Number(answer.headers['retry-after']) >= 1);
  const slowestMs = Math.max(...answers.map((answer) => answer.ms));
  const byStatus = answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});
  check(retryable.length === answers.length && slowestMs <= ANSWER_BOUND_MS, `${kind}: ${retryable.length} of ${answers.length} reads sent at the cut answered 503 with Retry-After (statuses ${JSON.stringify(byStatus)}), the first in ${Math.round(firstAnswerMs)} ms, the slowest in ${Math.round(slowestMs)} ms`);
  const readiness = await status(`http://127.0.0.1:${INSTANCE_PORT}/readyz`);
  check(readiness.status === 503 && readiness.ms <= ANSWER_BOUND_MS, `${kind}: /readyz answers 503 in ${Math.round(readiness.ms)} ms`);
  const metrics = await status(`http://127.0.0.1:${INSTANCE_PORT}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  check(metrics.status === 200 && /^cifer_database_up 0$/m.test(metrics.body) && /^cifer_redis_up 1$/m.test(metrics.body) && metrics.ms <= ANSWER_BOUND_MS, `${kind}: /metrics answers ${metrics.status} in ${Math.round(metrics.ms)} ms with cifer_database_up 0 and cifer_redis_up 1`);
  const backAt = performance.now();
  await proxy.open();
  await waitFor(`${kind}: ready again`, async () => (await ready(INSTANCE_PORT)) && (await status(`http://127.0.0.1:${INSTANCE_PORT}/api/auth/sessions`, { headers: { cookie } })).status === 200, 20_000);
  const recoveryMs = performance.now() - backAt;
  const after = await status(`http://127.0.0.1:${INSTANCE_PORT}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  check(/^cifer_database_up 1$/m.test(after.body), `${kind}: cifer_database_up is 1 again once the database is back`);
  return { firstAnswerMs, slowestMs, answered503: retryable.length, total: answers.length, recoveryMs };
}

async function main() {
  if (!ADMIN_URL || !REDIS_URL) throw new Error('Set DATABASE_URL (an admin connection that may create databases) and REDIS_URL');
  mkdirSync(WORK_DIR, { recursive: true });
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${DATABASE_NAME}`);
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let proxy: TcpProxy | null = null;
  let db: postgres.Sql | null = null;
  // The instances drain (SHUTDOWN_DRAIN_MS 0) and flush their logs before the rest is cleaned up.
  harness.onCleanUp(async () => {
    await proxy?.close();
    await db?.end({ timeout: 1 });
    await admin.unsafe(`drop database if exists ${DATABASE_NAME} with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    const keys = await redis.keys(`cifer-faults-${RUN_ID}*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys).catch(() => 0);
    redis.disconnect();
  });
  try {
    const target = new URL(ADMIN_URL);
    proxy = await startTcpProxy(PROXY_PORT, { host: target.hostname || '127.0.0.1', port: Number(target.port || 5432) });
    db = postgres(urlOf(ADMIN_URL, DATABASE_NAME), { max: 1, onnotice: () => {} });
    const encryptionKey = randomBytes(32).toString('hex');
    const sessionSecret = randomBytes(32).toString('hex');
    const version = await new Promise<string>((resolvePromise) => {
      const probe = spawn(NODE, ['--version']);
      let out = '';
      probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      probe.on('close', () => resolvePromise(out.trim()));
    });

    // 1. Ready only once the model ran on the worker thread.
    const startedAt = performance.now();
    const instance = startInstance(instanceEnv(INSTANCE_PORT, encryptionKey, sessionSecret), 'instance');
    const readiness: number[] = [];
    const readyMs = await waitFor(
      'instance ready',
      async () => {
        const answer = await status(`http://127.0.0.1:${INSTANCE_PORT}/readyz`);
        readiness.push(answer.status);
        return answer.status === 200;
      },
      60_000,
    ).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; /readyz answered ${JSON.stringify(readiness.reduce<Record<number, number>>((counts, code) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {}))}`);
    });
    check(!instance.output().includes('engine probe run failed'), `node --import tsx src/server/main.ts on Node ${version}: ready in ${(readyMs / 1000).toFixed(1)} s after a probe run of the model on its worker`);
    figures.push([`Start to ready (Node ${version}, node --import tsx, probe run of the model included)`, `${((performance.now() - startedAt) / 1000).toFixed(1)} s`]);

    // 2. Behind nginx, invented addresses count as the real peer.
    startNginx();
    await waitFor('nginx answers', async () => (await status(`${APP_URL}/nginx-healthz`)).status === 200, 10_000);
    const cookie = await verifiedSession(await spoofedSignUps(db), encryptionKey);

    // 3. A start with a key that does not open the stored secrets.
    await wrongKeyRefused(sessionSecret);
    await restoreWithAnotherKey(admin, encryptionKey);

    // 4 and 5. Outages: refused (PostgreSQL stopped) and silent (network cut).
    for (const kind of ['refused', 'silent'] as const) {
      const outcome = await outage(kind, proxy, cookie);
      figures.push([`Database ${kind}: ${outcome.total} reads sent at the cut, answered 503 + Retry-After`, `${outcome.answered503}, first in ${Math.round(outcome.firstAnswerMs)} ms, slowest in ${Math.round(outcome.slowestMs)} ms`]);
      figures.push([`Database ${kind}: back to 200 after the database returns`, `${Math.round(outcome.recoveryMs)} ms`]);
    }
  } finally {
    await harness.cleanUp();
  }
  console.log('\n| Fault test | Figure |\n|---|---|');
  for (const [what, figure] of figures) console.log(`| ${what} | ${figure} |`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} check(s) failed; logs in ${WORK_DIR}`);
    process.exit(1);
  }
  rmSync(WORK_DIR, { recursive: true, force: true });
  process.exit(0);
}

main().catch(async (error: unknown) => {
  console.error('fault test failed:', error);
  await harness.cleanUp().catch(() => {});
  console.error(`logs in ${WORK_DIR}`);
  process.exit(1);
});
