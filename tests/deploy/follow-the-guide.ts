/**
 * npm run test:deploy-guide (a step of .ci/run; PostgreSQL at DATABASE_URL, an admin connection that
 * may create databases; Redis at REDIS_URL; Debian's nginx): docs/deployment.md followed as written,
 * on loopback. The commands and settings come from the page itself, not from this file:
 *
 *   - the shared variables are the names in its "What the instances share" table, and its start
 *     block exports exactly those; the per-instance ones (NODE_ENV, PORT, HOST, TRUST_PROXY,
 *     SHUTDOWN_DRAIN_MS) and the command (`node --import tsx src/server/main.ts`) are its start
 *     line's, run on the machine's Node (/usr/bin/node when there is one, as the fault test does);
 *   - nginx is rendered, checked and started by the page's own shell block (its two placeholders,
 *     upstream.conf's `server … max_fails=1 fail_timeout=2s;` lines), and stopped by its `-s quit`.
 *
 * Only the site's values are this test's: a fresh database of its own (dropped after), a Redis key
 * namespace of its own, new secrets, loopback addresses and ports DEPLOY_GUIDE_PORT (default 7600)
 * to +3. The page's `npm run build` is not repeated: it builds the browser client, which none of the
 * checks below needs (an instance without it serves the API and says so in its log).
 *
 * Checks what the page promises: three instances started together on one new database each answer
 * /readyz 200 (after the model's probe run); through nginx a sign-up, TOTP enrolment, a sign-in
 * with a code and a model run (a completed assessment) work, served by several instances; SIGTERM to
 * one instance turns its /readyz 503 at once, it exits 0 within SHUTDOWN_DRAIN_MS + 4.5 s, and no
 * request through nginx fails meanwhile; nginx's access lines start with an ISO 8601 time.
 * Prints the figures as a Markdown table (docs/benchmarks.md) and exits 1 when a promise is broken.
 * Stopped after DEPLOY_GUIDE_TEST_TIMEOUT_S (default 150) seconds.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import * as OTPAuth from 'otpauth';
import postgres from 'postgres';
import { scriptHarness, sleep, status, waitFor } from '../support/script-harness.ts';
import { SAMPLE_CLINIC_INPUT } from '../../src/engine/sample-inputs.ts';
import { unusedCode } from '../support/totp-codes.ts';

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const BASE_PORT = Number(process.env.DEPLOY_GUIDE_PORT ?? 7600);
const NGINX_PORT = BASE_PORT;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');
const RUN_ID = randomBytes(4).toString('hex');
const DATABASE_NAME = `cifer_deploy_${RUN_ID}`;
const NAMESPACE = `cifer-deploy-${RUN_ID}`;
const WORK_DIR = join(tmpdir(), `cifer-deploy-guide-${RUN_ID}`);
const NGINX_DIR = join(WORK_DIR, 'nginx');
const APP_URL = `http://127.0.0.1:${NGINX_PORT}`;
/** The machine's Node: the `node` of the page's command on a clean machine (first on PATH below). */
const NODE = process.env.DEPLOY_GUIDE_NODE ?? (existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath);
/** A clean machine's PATH, with the checkout's tools (npm ci) and the chosen Node first. */
const PATH = [dirname(NODE), join(ROOT, 'node_modules/.bin'), '/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'].join(':');
/** "At once" (the page's step 1): well inside the drain, so a balancer checking every second sees it. */
const NOT_READY_BOUND_MS = 1_000;
const PASSWORD = `Deploy-guide-${RUN_ID}-passphrase`;

const harness = scriptHarness('deployment guide test', Number(process.env.DEPLOY_GUIDE_TEST_TIMEOUT_S ?? 150));
const { check, failures, figures } = harness;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---- What the page says ----------------------------------------------------------------------

/** The text under `## <heading>`, up to the next second-level heading. */
function section(heading: string): string {
  const start = PAGE.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`docs/deployment.md has no section "${heading}"`);
  const end = PAGE.indexOf('\n## ', start + 1);
  return PAGE.slice(start, end < 0 ? undefined : end);
}

/** The fenced blocks of a section, in order, with their language. */
function fencedBlocks(text: string): { lang: string; body: string }[] {
  return [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => ({ lang: match[1]!, body: match[2]! }));
}

interface Guide {
  /** The names of the "What the instances share" table. */
  shared: string[];
  /** The start line's own assignments (NODE_ENV, PORT, HOST, TRUST_PROXY, SHUTDOWN_DRAIN_MS). */
  perInstance: Record<string, string>;
  command: string[];
  /** The nginx shell block; its first line sets NGINX_DIR, LISTEN, WORKERS and INSTANCES. */
  nginxScript: string;
  /** upstream.conf as the page shows it, each line with its address taken out. */
  upstreamLine: string;
}

/** Reads the instance start block and the nginx block from the page, and checks they agree with its table. */
function readGuide(): Guide {
  const share = section('What the instances share');
  const tableRows = share.split('\n').filter((line) => line.startsWith('| `'));
  const shared = tableRows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
  const start = fencedBlocks(share).find((block) => block.lang === 'sh' && block.body.includes('src/server/main.ts'));
  if (!start) throw new Error('docs/deployment.md shows no command that starts an instance');
  const lines = start.body.trim().split('\n');
  const exported = lines.filter((line) => line.startsWith('export ')).flatMap((line) => [...line.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]!));
  check([...exported].sort().join() === [...shared].sort().join(), `the page's start block exports the table's shared variables (${exported.join(', ')})`);
  const tokens = lines.at(-1)!.trim().split(/\s+/);
  const assignments = tokens.filter((token) => /^[A-Z][A-Z0-9_]*=/.test(token));
  const perInstance = Object.fromEntries(assignments.map((token) => [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)]));
  const command = tokens.slice(assignments.length);

  const nginxSection = section('nginx');
  const blocks = fencedBlocks(nginxSection);
  const upstreamBlock = blocks.find((block) => block.lang === '' && block.body.startsWith('server '));
  const nginxScript = blocks.find((block) => block.lang === 'sh' && block.body.includes('nginx -p'))?.body;
  if (!upstreamBlock || !nginxScript) throw new Error('docs/deployment.md shows no upstream.conf or no nginx commands');
  const upstreamLines = new Set(upstreamBlock.body.trim().split('\n').map((line) => line.replace(/^server \S+/, 'server ADDRESS')));
  check(upstreamLines.size === 1, `the page's upstream.conf lines differ only by address (${[...upstreamLines].join(' / ')})`);
  const placeholders = [...nginxSection.matchAll(/`(\{\{[A-Z_]+\}\})`/g)].map((match) => match[1]!);
  const inTemplate = [...new Set(readFileSync(join(ROOT, 'deploy/nginx/cifer.conf.template'), 'utf8').match(/\{\{[A-Z_]+\}\}/g))];
  check(placeholders.sort().join() === inTemplate.sort().join(), `the page names the template's placeholders (${placeholders.join(', ')})`);
  return { shared, perInstance, command, nginxScript, upstreamLine: [...upstreamLines][0]! };
}

/** The `location <name> { … }` blocks of an nginx text, without comments or spacing (none holds a nested block). */
function locationBlocks(conf: string): Map<string, string> {
  const bare = conf.replace(/#.*$/gm, '');
  return new Map([...bare.matchAll(/location\s+(\S+)\s*\{([^}]*)\}/g)].map((match) => [match[1]!, match[2]!.split(';').map((line) => line.trim().replace(/\s+/g, ' ')).filter(Boolean).join('; ')]));
}

/** The TLS section says its `location /` and `@retryable` are the template's, unchanged: a copy that drifted (the client's address) would not be. */
function tlsBlockMatchesTemplate(): void {
  const tls = locationBlocks(fencedBlocks(section('TLS termination')).find((block) => block.lang === 'nginx')?.body ?? '');
  const template = locationBlocks(readFileSync(join(ROOT, 'deploy/nginx/cifer.conf.template'), 'utf8'));
  for (const name of ['/', '@retryable']) {
    const same = tls.get(name) !== undefined && tls.get(name) === template.get(name);
    check(same, `the TLS section's \`location ${name}\` is the template's, as the page says${same ? '' : `: page "${tls.get(name)}", template "${template.get(name)}"`}`);
  }
}

// ---- Doing what it says ----------------------------------------------------------------------

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** The page's start line with this site's values: the shared ones, then the line's own with PORT and HOST of this instance. */
function startInstance(guide: Guide, shared: Record<string, string>, port: number, index: number): Instance {
  const env = { PATH, HOME: process.env.HOME, ...shared, ...guide.perInstance, PORT: String(port), HOST: '127.0.0.1' };
  const child = spawn(guide.command[0]!, guide.command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  harness.track(child);
  const log = createWriteStream(join(WORK_DIR, `instance-${index}.log`));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  return { port, child, exited };
}

/** The page's nginx block, its first line given this site's folder, address and instances (WORKERS as the page says). */
function nginxScript(guide: Guide): { script: string; stop: string } {
  const [first, ...rest] = guide.nginxScript.trim().split('\n');
  const values: Record<string, string> = { NGINX_DIR, LISTEN: `127.0.0.1:${NGINX_PORT}`, INSTANCES: `"${INSTANCE_PORTS.map((port) => `127.0.0.1:${port}`).join(' ')}"` };
  const line = first!.replace(/\b([A-Z_]+)=("[^"]*"|\S+)/g, (whole, name: string) => (name in values ? `${name}=${values[name]}` : whole));
  if (Object.keys(values).some((name) => !line.includes(`${name}=`))) throw new Error(`the nginx block's first line does not set ${Object.keys(values).join(', ')}: ${first}`);
  return { script: [line, ...rest].join('\n'), stop: `${line}\n${rest.at(-1)} -s quit` };
}

function shell(script: string): { status: number | null; output: string } {
  const run = spawnSync('sh', ['-e', '-c', script], { cwd: ROOT, env: { PATH, HOME: process.env.HOME }, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

// ---- The promises ----------------------------------------------------------------------------

/** A browser's session: the cookie the last answer set, sent with the next request, as same-origin requests. */
function client() {
  let cookie = '';
  return async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { origin: APP_URL, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const answer = await status(`${APP_URL}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const setCookie = ([] as (string | undefined)[]).concat(answer.headers['set-cookie']).find((value) => value && !/max-age=0|expires=thu, 01 jan 1970/i.test(value));
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return { status: answer.status, json: () => JSON.parse(answer.body) as Record<string, unknown>, body: answer.body, cookie: () => cookie };
  };
}

/** Sign-up, TOTP enrolment, sign-out, sign-in with password and code, and a model run, all through nginx. Answers the signed-in cookie. */
async function journey(): Promise<{ cookie: string; ms: number }> {
  const started = performance.now();
  const send = client();
  const email = `deploy-${RUN_ID}@example.com`;
  const step = async (what: string, method: string, path: string, body: unknown, expected: number) => {
    const answer = await send(method, path, body);
    check(answer.status === expected, `through nginx: ${what} answers ${answer.status}${answer.status === expected ? '' : ` ${answer.body.slice(0, 200)}`}`);
    return answer;
  };
  await step('sign-up', 'POST', '/api/auth/register', { email, password: PASSWORD, firstName: 'Deploy', lastName: 'Guide', company: 'Guide Clinic' }, 200);
  const setup = await step('TOTP set-up', 'POST', '/api/mfa/totp/setup', {}, 200);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(String(setup.json().manualEntryKey)), digits: 6, period: 30, algorithm: 'SHA1' });
  await step('TOTP confirmed with a code', 'POST', '/api/mfa/totp/verify-setup', { code: await unusedCode(totp) }, 200);
  await step('sign-out', 'POST', '/api/auth/logout', {}, 200);
  await step('sign-in with the password', 'POST', '/api/auth/login', { email, password: PASSWORD }, 200);
  await step('the second factor with a TOTP code', 'POST', '/api/mfa/verify', { type: 'totp', code: await unusedCode(totp) }, 200);
  const created = await step('a new assessment', 'POST', '/api/assessments', { title: 'Deployment guide', input: SAMPLE_CLINIC_INPUT }, 201);
  const completed = await step('a model run (the assessment completed)', 'POST', `/api/assessments/${String(created.json().id)}/complete`, { input: SAMPLE_CLINIC_INPUT }, 200);
  const result = completed.status === 200 ? (completed.json().result as { annualLoss?: { expectedUsd?: number }; iterations?: number } | null) : null;
  check((result?.annualLoss?.expectedUsd ?? 0) > 0 && (result?.iterations ?? 0) > 0, `the model run has a result: expected annual loss ${Math.round(result?.annualLoss?.expectedUsd ?? 0)} USD over ${result?.iterations ?? 0} simulated years`);
  return { cookie: completed.cookie(), ms: performance.now() - started };
}

interface LoadCounts {
  reads: number;
  writes: number;
  failed: string[];
}

/** Signed-in reads and writes through nginx from four clients until `until` resolves; every answer that is not a success is kept. */
async function load(cookie: string, until: Promise<unknown>): Promise<LoadCounts> {
  const counts: LoadCounts = { reads: 0, writes: 0, failed: [] };
  let running = true;
  void until.then(() => (running = false));
  const worker = async (n: number) => {
    for (let i = 0; running; i += 1) {
      const write = (i + n) % 4 === 0;
      const answer = write
        ? await status(`${APP_URL}/api/assessments`, { method: 'POST', headers: { cookie, origin: APP_URL, 'content-type': 'application/json' }, body: JSON.stringify({ title: `Drain ${n}-${i}` }) })
        : await status(`${APP_URL}/api/${i % 2 === 0 ? 'auth/user' : 'assessments'}`, { headers: { cookie } });
      if (write) counts.writes += 1;
      else counts.reads += 1;
      if (answer.status !== (write ? 201 : 200)) counts.failed.push(`${write ? 'POST' : 'GET'} ${answer.status}`);
      await sleep(10);
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
  return counts;
}

/** SIGTERM to one instance under load through nginx: its /readyz turns 503 at once, it exits 0 in time, and nothing fails. */
async function drain(instance: Instance, cookie: string, drainMs: number): Promise<void> {
  let stopLoad: () => void = () => {};
  const loadDone = load(
    cookie,
    new Promise<void>((resolvePromise) => (stopLoad = resolvePromise)),
  );
  await sleep(1_000);
  const signalledAt = performance.now();
  instance.child.kill('SIGTERM');
  // Asked every 20 ms until the signal has been handled.
  let readiness = await status(`http://127.0.0.1:${instance.port}/readyz`);
  while (readiness.status === 200 && performance.now() - signalledAt < drainMs) {
    await sleep(20);
    readiness = await status(`http://127.0.0.1:${instance.port}/readyz`);
  }
  const notReadyMs = performance.now() - signalledAt;
  // Still serving while it drains (the page's step 1), though not ready.
  const served = await status(`http://127.0.0.1:${instance.port}/healthz`);
  check(readiness.status === 503 && readiness.body.includes('Shutting down') && notReadyMs <= NOT_READY_BOUND_MS && served.status === 200, `after SIGTERM the instance answers /readyz ${readiness.status} ${readiness.body} after ${Math.round(notReadyMs)} ms (at once: within ${NOT_READY_BOUND_MS} ms) and still serves (/healthz ${served.status})`);
  const code = await Promise.race([instance.exited, sleep(drainMs + 10_000).then(() => 'running' as const)]);
  const exitMs = performance.now() - signalledAt;
  check(code === 0 && exitMs <= drainMs + 4_500, `it exits ${code} after ${seconds(exitMs)} (at most SHUTDOWN_DRAIN_MS + 4.5 s = ${seconds(drainMs + 4_500)})`);
  // Past nginx's fail_timeout (2 s): the stopped instance is tried again, refuses, and the request goes on.
  await sleep(3_000);
  stopLoad();
  const counts = await loadDone;
  check(counts.failed.length === 0 && counts.reads > 0 && counts.writes > 0, `through nginx during the drain and after: ${counts.reads} reads and ${counts.writes} writes, ${counts.failed.length} failed${counts.failed.length ? ` (${counts.failed.slice(0, 5).join(', ')})` : ''}`);
  figures.push(['SIGTERM to one instance: /readyz 503 after', `${Math.round(notReadyMs)} ms`]);
  figures.push(['… the instance exits (code)', `${seconds(exitMs)} (${code})`]);
  figures.push(['Requests through nginx meanwhile (reads / writes), failed', `${counts.reads} / ${counts.writes}, ${counts.failed.length}`]);
}

/** The access log after nginx stopped: every line starts with an ISO 8601 time, and every instance answered some. */
function accessLog(): void {
  const lines = readFileSync(join(NGINX_DIR, 'access.log'), 'utf8').trim().split('\n').filter(Boolean);
  const timed = lines.filter((line) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d /.test(line));
  const answeredBy = new Set(lines.flatMap((line) => [...line.matchAll(/127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1]))));
  check(lines.length > 0 && timed.length === lines.length, `nginx's access lines start with an ISO 8601 time: ${timed.length} of ${lines.length} (${lines[0]?.slice(0, 80)})`);
  check(INSTANCE_PORTS.every((port) => answeredBy.has(port)), `every instance answered through nginx (${[...answeredBy].sort().join(', ')})`);
  figures.push(['nginx access lines, starting with the time', `${timed.length} of ${lines.length}`]);
}

// ---- The run ---------------------------------------------------------------------------------

async function startAll(guide: Guide): Promise<Instance[]> {
  const shared: Record<string, string> = {
    DATABASE_URL: Object.assign(new URL(ADMIN_URL!), { pathname: `/${DATABASE_NAME}` }).toString(),
    REDIS_URL: REDIS_URL!,
    RATE_LIMIT_NAMESPACE: NAMESPACE,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    APP_URL,
  };
  const missing = guide.shared.filter((name) => !(name in shared));
  if (missing.length > 0) throw new Error(`the page shares ${missing.join(', ')}, which this test does not know how to set`);
  const startedAt = performance.now();
  // Together, on one new database: the page says migrations run under a lock, so they may.
  const instances = INSTANCE_PORTS.map((port, index) => startInstance(guide, shared, port, index + 1));
  const notYet = new Set<string>();
  const readyMs = await Promise.all(
    instances.map((instance) =>
      waitFor(
        `instance on ${instance.port} ready`,
        async () => {
          const answer = await status(`http://127.0.0.1:${instance.port}/readyz`);
          if (answer.status !== 200 && answer.status !== 0) notYet.add(`${answer.status} ${answer.body}`);
          return answer.status === 200;
        },
        120_000,
        instance.exited,
      ),
    ),
  );
  check(true, `three instances started together answer /readyz 200 after ${readyMs.map((ms) => seconds(ms)).join(', ')}`);
  // The page's Health checks table: 503 {"status":"unavailable"} before the model has run once, then 200 with the clock skew and Redis's state.
  check([...notYet].every((answer) => answer.startsWith('503 ') && answer.includes('"status":"unavailable"')), `before that, /readyz answered only 503 unavailable (${[...notYet].join('; ') || 'nothing but refused connections'})`);
  const ready = await status(`http://127.0.0.1:${INSTANCE_PORTS[0]}/readyz`);
  const live = await status(`http://127.0.0.1:${INSTANCE_PORTS[0]}/healthz`);
  check(/"clockSkewMs":-?\d/.test(ready.body) && ready.body.includes('"redis":"ok"') && live.status === 200 && live.body === '{"status":"ok"}', `/readyz says the clock skew and Redis's state (${ready.body}), /healthz ${live.status} ${live.body}`);
  figures.push([`Three instances started together to /readyz 200 (Node ${spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim()}, probe run of the model included)`, `${seconds(Math.min(...readyMs))} to ${seconds(performance.now() - startedAt)}`]);
  return instances;
}

function startNginx(guide: Guide): string {
  const { script, stop } = nginxScript(guide);
  const run = shell(script);
  check(run.status === 0 && run.output.includes('syntax is ok'), `the page's nginx commands: \`nginx -t\` passes and nginx starts (${run.output.split('\n').at(-1)})`);
  const upstream = readFileSync(join(NGINX_DIR, 'upstream.conf'), 'utf8').trim().split('\n');
  check(upstream.length === 3 && upstream.every((line, index) => line === guide.upstreamLine.replace('ADDRESS', `127.0.0.1:${INSTANCE_PORTS[index]}`)), `upstream.conf has the page's line for each of the three instances (${upstream[0]})`);
  return stop;
}

async function main() {
  if (!ADMIN_URL || !REDIS_URL) throw new Error('Set DATABASE_URL (an admin connection that may create databases) and REDIS_URL');
  const guide = readGuide();
  tlsBlockMatchesTemplate();
  const drainMs = Number(guide.perInstance.SHUTDOWN_DRAIN_MS);
  check(guide.perInstance.PORT !== undefined && guide.perInstance.HOST !== undefined && guide.perInstance.TRUST_PROXY === '1' && drainMs > 0, `the page's start line sets ${Object.keys(guide.perInstance).join(', ')} and runs \`${guide.command.join(' ')}\``);
  mkdirSync(WORK_DIR, { recursive: true });
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${DATABASE_NAME}`);
  let stopNginx = '';
  // The instances are stopped first (up to 8 s to drain), then nginx and the rest.
  harness.onCleanUp(async () => {
    if (stopNginx && existsSync(join(NGINX_DIR, 'nginx.pid'))) shell(stopNginx);
    await admin.unsafe(`drop database if exists ${DATABASE_NAME} with (force)`).catch(() => {});
    await admin.end({ timeout: 1 });
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${NAMESPACE}*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys).catch(() => 0);
    redis.disconnect();
  });
  const instances = await startAll(guide);
  stopNginx = startNginx(guide);
  await waitFor('nginx answers', async () => (await status(`${APP_URL}/nginx-healthz`)).status === 200, 10_000);
  const { cookie, ms } = await journey();
  figures.push(['Sign-up, TOTP, sign-in with a code, a model run through nginx', seconds(ms)]);
  await drain(instances[1]!, cookie, drainMs);
  // The page's `-s quit`: nginx writes out its buffered access lines as it stops.
  const quit = shell(stopNginx);
  check(quit.status === 0, `the page's \`nginx … -s quit\` stops nginx${quit.output ? ` (${quit.output})` : ''}`);
  await waitFor('nginx stopped', async () => !existsSync(join(NGINX_DIR, 'nginx.pid')), 10_000);
  stopNginx = '';
  accessLog();
}

const startedAt = performance.now();
main()
  .then(async () => {
    await harness.cleanUp(8_000);
    figures.push(['The whole test', seconds(performance.now() - startedAt)]);
    console.log('\n| Deployment guide, followed literally | Figure |\n|---|---|');
    for (const [what, figure] of figures) console.log(`| ${what} | ${figure} |`);
    if (failures.length > 0) {
      console.error(`\n${failures.length} promise(s) of docs/deployment.md broken; logs in ${WORK_DIR}`);
      process.exit(1);
    }
    rmSync(WORK_DIR, { recursive: true, force: true });
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error('deployment guide test failed:', error);
    await harness.cleanUp(8_000).catch(() => {});
    console.error(`logs in ${WORK_DIR}`);
    process.exit(1);
  });
