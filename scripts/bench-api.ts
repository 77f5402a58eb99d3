/**
 * npm run bench:api (ADR 298): CIFER's user-facing latency budgets under a realistic load, on
 * PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database beside it.
 *
 * BENCH_USERS signed-in users (200) use the app for BENCH_DURATION_S seconds (60). Each user, in
 * its own keep-alive connection, does one thing, waits a moment (BENCH_THINK_MS, 2,000 ms on
 * average, uniform from half to one and a half times it), and does the next: reads (who am I, MFA
 * status, the list, a completed assessment, the public API's list with the organisation's token),
 * autosaves of their own draft, model runs (a what-if saved from a completed assessment: the full
 * model on the engine worker) and board report PDF downloads, in the proportions of MIX. Each kind
 * has a p99 budget (BUDGETS_MS); any non-2xx answer or error fails the run.
 *
 * The ratio of `/api/auth/user` to a bare Fastify hello world (once ADR 178's target) is printed
 * as an anchor for comparing machines, not as a target: BENCH_ANCHOR_ROUNDS rounds of
 * BENCH_ANCHOR_S seconds at 50 connections, sides alternating, the server pinned to core 0 and
 * this process to core 1 when `taskset` exists; for the users' load the server gets both cores.
 * So does the server's CPU per request, the steadier reading on a shared machine, and its event
 * loop's delay over the users' phase (how long a request waited for the loop). Prints Markdown
 * tables; exit code 1 when a budget is missed.
 *
 *   npm run bench:api                                      # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api   # and PostgreSQL
 *   BENCH_DURATION_S=15 BENCH_USERS=50 BENCH_ANCHOR_ROUNDS=0 npm run bench:api     # a short run
 *   BENCH_KINDS=read,save BENCH_ONLY=postgres BENCH_PORT=5290 ...                  # narrowed
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { SAMPLE_CLINIC_INPUT } from '../src/engine/sample-inputs.ts';
import type { BenchUser } from './bench-server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2000);
const ANCHOR_ROUNDS = Number(process.env.BENCH_ANCHOR_ROUNDS ?? 3);
const ANCHOR_S = Number(process.env.BENCH_ANCHOR_S ?? 3);
const ANCHOR_CONNECTIONS = 50;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 5290);

type Kind = 'read' | 'save' | 'model run' | 'report download';

/** p99 budgets per kind (ADR 298). */
const BUDGETS_MS: Record<Kind, number> = { read: 50, save: 50, 'model run': 2000, 'report download': 5000 };

/** What a user does next, by weight (per cent of actions): mostly reading and autosaving, now and then a model run or a board report. */
const FULL_MIX: Array<{ weight: number; kind: Kind; name: string }> = [
  { weight: 10, kind: 'read', name: 'GET /api/auth/user' },
  { weight: 5, kind: 'read', name: 'GET /api/mfa/status' },
  { weight: 15, kind: 'read', name: 'GET /api/assessments' },
  { weight: 25, kind: 'read', name: 'GET /api/assessments/:id' },
  { weight: 5, kind: 'read', name: 'GET /api/v1/assessments' },
  { weight: 37, kind: 'save', name: 'PATCH /api/assessments/:id' },
  { weight: 2, kind: 'model run', name: 'POST /api/assessments/:id/scenarios' },
  { weight: 1, kind: 'report download', name: 'GET /api/assessments/:id/report.pdf' },
];
/** BENCH_KINDS=read,save leaves the other kinds out: an A/B of a database device without the engine's and the PDF's CPU in the way. */
const KINDS = process.env.BENCH_KINDS ? new Set(process.env.BENCH_KINDS.split(',')) : null;
const MIX = FULL_MIX.filter((entry) => !KINDS || KINDS.has(entry.kind));

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const pinned = hasTaskset();
if (pinned) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });

interface Server {
  child: ChildProcess;
  port: number;
  users?: BenchUser[];
  origin?: string;
}

function startServer(mode: 'bare' | 'app', port: number, env: Record<string, string | undefined>): Promise<Server> {
  const command = [process.execPath, '--import', 'tsx', 'scripts/bench-server.ts', mode, String(port)];
  const options = { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] as const, env: { ...process.env, ...env, BENCH_USERS: String(USERS) } };
  const child = pinned ? spawn('taskset', ['-c', '0', ...command], { ...options, stdio: [...options.stdio] }) : spawn(command[0]!, command.slice(1), { ...options, stdio: [...options.stdio] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    child.on('message', (message: { ready?: boolean } & Omit<Server, 'child' | 'port'>) => {
      if (message.ready) resolve({ ...message, child, port });
    });
  });
}

type LoopDelay = { p50: number; p99: number; max: number };

/** The server's event-loop delay over the users' phase (bench-server.ts measures it between the two messages). */
function measureEventLoop(server: Server): () => Promise<LoopDelay> {
  server.child.send('loop-start');
  return () =>
    new Promise((resolve) => {
      const onMessage = (message: { loop?: LoopDelay }) => {
        if (!message.loop) return;
        server.child.off('message', onMessage);
        resolve(message.loop);
      };
      server.child.on('message', onMessage);
      server.child.send('loop-stop');
    });
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The anchor: `/api/auth/user` against bare Fastify, the median ratio of alternating rounds. Not a target. */
async function measureAnchor(bare: Server, app: Server): Promise<string> {
  if (ANCHOR_ROUNDS < 1) return 'not measured';
  const run = async (server: Server, path: string, headers?: Record<string, string>) =>
    (await autocannon({ url: `http://127.0.0.1:${server.port}${path}`, connections: ANCHOR_CONNECTIONS, duration: ANCHOR_S, ...(headers ? { headers } : {}) })).requests.average;
  const headers = { cookie: app.users![0]!.cookie };
  const ratios: number[] = [];
  for (let round = 0; round < ANCHOR_ROUNDS; round += 1) {
    const first = round % 2 === 0 ? await run(bare, '/') : await run(app, '/api/auth/user', headers);
    const second = round % 2 === 0 ? await run(app, '/api/auth/user', headers) : await run(bare, '/');
    ratios.push(round % 2 === 0 ? second / first : first / second);
  }
  return `${Math.round(median(ratios) * 100)}% (rounds ${ratios.map((ratio) => Math.round(ratio * 100)).join(', ')})`;
}

/**
 * CPU seconds the server process has used so far, all threads (Linux /proc; ticks of 10 ms). On a
 * shared machine latency swings with what else runs, while the CPU a request costs the server
 * barely does: the steadier reading for comparing a change side by side (ADR 205).
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Answer {
  status: number;
  ms: number;
}

/** One request on the user's own connection; the time runs until the whole answer has arrived. */
function send(agent: Agent, port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest({ agent, host: '127.0.0.1', port, method, path, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

const SCENARIO_BODY = JSON.stringify({ title: 'Bench what-if', input: SAMPLE_CLINIC_INPUT });
const STEPS = ['people', 'protection'];

/** The request of one action of MIX for this user. */
function act(name: string, user: BenchUser, agent: Agent, port: number, origin: string, turn: number): Promise<Answer> {
  const cookie = { cookie: user.cookie };
  const write = { ...cookie, origin };
  switch (name) {
    case 'GET /api/auth/user':
      return send(agent, port, 'GET', '/api/auth/user', cookie);
    case 'GET /api/mfa/status':
      return send(agent, port, 'GET', '/api/mfa/status', cookie);
    case 'GET /api/assessments':
      return send(agent, port, 'GET', '/api/assessments', cookie);
    case 'GET /api/assessments/:id':
      return send(agent, port, 'GET', `/api/assessments/${user.completedId}`, cookie);
    case 'GET /api/v1/assessments':
      return send(agent, port, 'GET', '/api/v1/assessments', { authorization: `Bearer ${user.apiToken}` });
    case 'PATCH /api/assessments/:id':
      return send(agent, port, 'PATCH', `/api/assessments/${user.draftId}`, write, JSON.stringify({ currentStep: STEPS[turn % STEPS.length] }));
    case 'POST /api/assessments/:id/scenarios':
      return send(agent, port, 'POST', `/api/assessments/${user.completedId}/scenarios`, write, SCENARIO_BODY);
    default:
      return send(agent, port, 'GET', `/api/assessments/${user.completedId}/report.pdf`, cookie);
  }
}

const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);
function pick(): (typeof MIX)[number] {
  let at = Math.random() * TOTAL_WEIGHT;
  for (const entry of MIX) if ((at -= entry.weight) < 0) return entry;
  return MIX[0]!;
}

const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));

type Samples = Map<string, { kind: Kind; ms: number[]; failures: number; firstFailure?: number }>;

/** One user's session: act, think, act again, until the end; the first action after a random part of one think time. */
async function runUser(user: BenchUser, app: Server, until: number, samples: Samples) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
  for (let turn = 0; performance.now() < until; turn += 1) {
    const { kind, name } = pick();
    const answer = await act(name, user, agent, app.port, app.origin!, turn);
    const entry = samples.get(name) ?? samples.set(name, { kind, ms: [], failures: 0 }).get(name)!;
    entry.ms.push(answer.ms);
    if (answer.status < 200 || answer.status >= 300) {
      entry.failures += 1;
      entry.firstFailure ??= answer.status;
    }
    await think();
  }
  agent.destroy();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** The budget table's rows of one database: one per kind (the budget), then one per route. */
function budgetRows(database: string, samples: Samples): { rows: string[]; met: boolean } {
  const rows: string[] = [];
  let met = true;
  const line = (label: string, ms: number[], failures: number, budget: string, verdict: string) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const f = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
    rows.push(`| ${database} | ${label} | ${ms.length} | ${f(percentile(sorted, 0.5))} | ${f(percentile(sorted, 0.99))} | ${f(sorted.at(-1) ?? Number.NaN)} | ${failures} | ${budget} | ${verdict} |`);
    return percentile(sorted, 0.99);
  };
  for (const kind of Object.keys(BUDGETS_MS) as Kind[]) {
    if (!MIX.some((entry) => entry.kind === kind)) continue;
    const entries = [...samples.values()].filter((entry) => entry.kind === kind);
    const ms = entries.flatMap((entry) => entry.ms);
    const failures = entries.reduce((sum, entry) => sum + entry.failures, 0);
    const sorted = [...ms].sort((a, b) => a - b);
    const ok = ms.length > 0 && percentile(sorted, 0.99) < BUDGETS_MS[kind] && failures === 0;
    met &&= ok;
    line(`**${kind}s**`, ms, failures, `p99 < ${BUDGETS_MS[kind]} ms, no errors`, ok ? 'met' : '**NOT met**');
  }
  for (const { name } of MIX) {
    const entry = samples.get(name);
    if (entry) line(`\`${name}\``, entry.ms, entry.failures, '', entry.firstFailure ? `first failure: ${entry.firstFailure}` : '');
  }
  return { rows, met };
}

async function benchDatabase(database: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const bare = await startServer('bare', BASE_PORT, {});
  const app = await startServer('app', BASE_PORT + 1, { DATABASE_URL: databaseUrl ?? '' });
  try {
    const anchor = await measureAnchor(bare, app);
    // The users' load runs on the whole machine, engine worker included, as in production.
    if (pinned) execFileSync('taskset', ['-acp', '0-1', String(app.child.pid)], { stdio: 'ignore' });
    console.error(`${database}: anchor ${anchor}; ${USERS} users for ${DURATION_S} s`);
    const samples: Samples = new Map();
    const until = performance.now() + DURATION_S * 1000;
    const cpuBefore = cpuSeconds(app.child.pid);
    const loopDelay = measureEventLoop(app);
    await Promise.all(app.users!.map((user) => runUser(user, app, until, samples)));
    const cpu = cpuSeconds(app.child.pid) - cpuBefore;
    const loop = await loopDelay();
    const { rows, met } = budgetRows(database, samples);
    const total = [...samples.values()].reduce((sum, entry) => sum + entry.ms.length, 0);
    for (const row of rows) console.error(row);
    const delay = `${loop.p50.toFixed(1)} / ${loop.p99.toFixed(1)} / ${loop.max.toFixed(0)}`;
    const load = `| ${database} | ${Math.round(total / DURATION_S)} | ${((cpu * 1000) / total).toFixed(2)} | ${delay} | ${anchor} |`;
    console.error(load);
    return { load, rows, met };
  } finally {
    await stopServer(app);
    await stopServer(bare);
  }
}

/** A fresh database beside DATABASE_URL's, dropped afterwards. */
async function benchPostgres(baseUrl: string) {
  const name = `cifer_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await benchDatabase('postgres', url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const started = new Date().toISOString();
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  const only = process.env.BENCH_ONLY;
  const results = [];
  if (only !== 'postgres') results.push(await benchDatabase('pglite', undefined));
  if (process.env.DATABASE_URL && only !== 'pglite') results.push(await benchPostgres(process.env.DATABASE_URL));
  const after = loadavg().map((value) => value.toFixed(2)).join(', ');
  console.log(`\nbench:api ${started}; ${USERS} users for ${DURATION_S} s, ${THINK_MS} ms think time on average, kinds: ${KINDS ? [...KINDS].join(', ') : 'all'}; ${pinned ? 'users pinned to core 1, the server on both cores (anchor: core 0)' : 'not pinned (no taskset)'}; load average before: ${load}; after: ${after}\n`);
  console.log('| Database | What | requests | p50 ms | p99 ms | max ms | non-2xx or errors | budget | |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const result of results) for (const row of result.rows) console.log(row);
  console.log(`\nAnchor (not a target): \`/api/auth/user\` req/s as a share of bare Fastify's, ${ANCHOR_CONNECTIONS} connections, ${ANCHOR_ROUNDS} rounds of ${ANCHOR_S} s\n`);
  console.log('| Database | requests/s of the users | server CPU ms per request | event-loop delay ms: p50 / p99 / max | anchor: median (rounds) |');
  console.log('|---|---|---|---|---|');
  for (const result of results) console.log(result.load);
  process.exitCode = results.every((result) => result.met) ? 0 : 1;
}

await main();
