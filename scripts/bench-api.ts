/**
 * npm run bench:api (ADR 178): a bare Fastify hello world and CIFER side by side on this
 * machine, each server pinned to core 0 and autocannon (this process) to core 1 when `taskset`
 * exists. CIFER runs on PGlite and, when DATABASE_URL is set, also on a fresh PostgreSQL database.
 * Each target is measured in BENCH_ROUNDS rounds; a round is one baseline run and one CIFER run
 * back to back (in alternating order, so a drift of the machine does not favour either side), and
 * the round's ratio is what counts. The table gives the median ratio and the spread of the rounds:
 * this machine is shared, and a single pair of runs swung by twenty points (ADR 205). Each row also
 * gives both servers' CPU time per answered request and their ratio, which load disturbs less
 * (ADR 205). Prints a Markdown table.
 *
 *   npm run bench:api                       # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
 *   BENCH_ROUNDS=7 BENCH_DURATION_S=4 BENCH_CONNECTIONS=50 BENCH_PORT=5290 ...
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 5290);

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
  cookie?: string;
  /** The bench user's API token (the public API row). */
  apiToken?: string;
  /** For the mixed load: a completed assessment, a draft, and the Origin a cookie write sends. */
  completedId?: string;
  draftId?: string;
  origin?: string;
}

function startServer(mode: 'bare' | 'app', port: number, env: Record<string, string | undefined>): Promise<Server> {
  const command = [process.execPath, '--import', 'tsx', 'scripts/bench-server.ts', mode, String(port)];
  const child = pinned
    ? spawn('taskset', ['-c', '0', ...command], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } })
    : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    child.on('message', (message: { ready?: boolean } & Omit<Server, 'child' | 'port'>) => {
      if (message.ready) resolve({ ...message, child, port });
    });
  });
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** The server process's CPU time (user + system) per answered request, in microseconds. */
  cpuMicrosPerRequest: number;
}

/**
 * CPU seconds the process has used so far (Linux /proc; clock ticks of 10 ms). On a shared machine
 * throughput swings with what else runs, while the CPU a request costs the server barely does: the
 * ratio of the two servers' CPU per request is the steadier reading of the same question.
 */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function measure(server: Server, path: string, headers: Record<string, string> | undefined, warmUp: boolean): Promise<Measurement> {
  const options = { url: `http://127.0.0.1:${server.port}${path}`, connections: CONNECTIONS, ...(headers ? { headers } : {}) };
  if (warmUp && WARMUP_S > 0) await autocannon({ ...options, duration: WARMUP_S });
  const cpuBefore = cpuSeconds(server.child.pid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpu = cpuSeconds(server.child.pid) - cpuBefore;
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors, cpuMicrosPerRequest: (cpu * 1e6) / result.requests.total };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `signedIn`: with the session cookie; `token`: with the API token (a public API call, ADR 228: the token is read on every request). */
const TARGETS: Array<{ path: string; signedIn: boolean; token?: boolean; minRatio: { pglite: number; postgres: number } }> = [
  { path: '/healthz', signedIn: false, minRatio: { pglite: 0.5, postgres: 0.5 } },
  { path: '/api/auth/user', signedIn: true, minRatio: { pglite: 0.25, postgres: 0.5 } },
  { path: '/api/mfa/status', signedIn: true, minRatio: { pglite: 0.25, postgres: 0.5 } },
  // A page of 20 completed assessments, as a dashboard polls it: a bigger answer, kept in process between changes (ADR 251), so a lower floor than the small session reads.
  { path: '/api/v1/assessments', signedIn: true, token: true, minRatio: { pglite: 0.1, postgres: 0.2 } },
];

const MIXED_DURATION_S = Number(process.env.BENCH_MIXED_DURATION_S ?? 60);
/** The mixed load's p99 ceilings (ms): the embedded database shares the process, PostgreSQL does not. */
const MIXED_P99_MS = { pglite: 100, postgres: 50 };
/**
 * The mixed load's second reading: requests sent after its first seconds. All connections open at
 * once, and Node accepts one new connection per turn of a busy event loop, so the last ones wait
 * seconds for their first answer (docs/benchmarks.md, "Mixed signed-in load"); the target stays on
 * the whole run, this shows the load once every connection is open.
 */
const STEADY_AFTER_S = 5;

/**
 * One draft per connection, made through the API: the bench's draft and CONNECTIONS - 1 more. Made
 * after the other targets, so the public list's row still reads an organisation of 20 assessments.
 */
async function draftsForMixedLoad(app: Server, writeHeaders: Record<string, string>): Promise<string[]> {
  const drafts = [app.draftId!];
  while (drafts.length < CONNECTIONS) {
    const response = await fetch(`http://127.0.0.1:${app.port}/api/assessments`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ title: `Bench draft ${drafts.length + 1}` }),
    });
    if (response.status !== 201) throw new Error(`bench draft not created: ${await response.text()}`);
    drafts.push((await response.json() as { id: string }).id);
  }
  return drafts;
}

/**
 * CONNECTIONS people's day in one run (ADR 252): every connection cycles through the app's own calls (who
 * am I, MFA status, the list, a completed assessment with its result, and two autosaves of a draft),
 * so slow calls and writes share the event loop and the database with the quick reads. Each cycle
 * saves the next of CONNECTIONS drafts, as people each working on their own draft would; fifty
 * connections saving one draft measured the queue on that row's lock instead (docs/benchmarks.md).
 */
async function measureMixed(kind: 'pglite' | 'postgres', app: Server): Promise<string> {
  const headers = { cookie: app.cookie!, origin: app.origin! };
  const writeHeaders = { ...headers, 'content-type': 'application/json' };
  const drafts = await draftsForMixedLoad(app, writeHeaders);
  let nextDraft = 0;
  // autocannon gives each connection a context, emptied at the start of every cycle: the cycle's
  // first request picks its draft, its two saves use it.
  const save = (step: string) => ({
    method: 'PATCH' as const,
    headers: writeHeaders,
    body: JSON.stringify({ currentStep: step }),
    setupRequest: (request: autocannon.Request, context: { draftId?: string }) => ({ ...request, path: `/api/assessments/${context.draftId}` }),
  });
  const requests = [
    {
      method: 'GET' as const,
      path: '/api/auth/user',
      headers,
      setupRequest: (request: autocannon.Request, context: { draftId?: string }) => {
        context.draftId = drafts[nextDraft++ % drafts.length];
        return request;
      },
    },
    { method: 'GET' as const, path: '/api/assessments', headers },
    { method: 'GET' as const, path: `/api/assessments/${app.completedId}`, headers },
    save('people'),
    { method: 'GET' as const, path: '/api/mfa/status', headers },
    save('protection'),
  ];
  const started = Date.now();
  const steady: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `http://127.0.0.1:${app.port}`, connections: CONNECTIONS, duration: MIXED_DURATION_S, requests }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      if (Date.now() - responseTime - started >= STEADY_AFTER_S * 1000) steady.push(responseTime);
    });
  });
  steady.sort((a, b) => a - b);
  const steadyP99 = Math.round(steady[Math.floor(steady.length * 0.99)] ?? Number.NaN);
  const steadyMax = Math.round(steady.at(-1) ?? Number.NaN);
  const failures = result.non2xx + result.errors;
  const met = result.latency.p99 < MIXED_P99_MS[kind] && failures === 0;
  const row = `| ${kind} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${steadyP99} | ${steadyMax} | ${failures} | p99 < ${MIXED_P99_MS[kind]} ms | ${met ? 'met' : 'NOT met'} |`;
  console.error(row);
  return row;
}

async function benchDatabase(kind: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const bare = await startServer('bare', BASE_PORT, {});
  const app = await startServer('app', BASE_PORT + 1, { DATABASE_URL: databaseUrl ?? '' });
  const rows: string[] = [];
  const mixedRows: string[] = [];
  let allMet = true;
  try {
    for (const target of TARGETS) {
      const headers: Record<string, string> | undefined = target.token ? { authorization: `Bearer ${app.apiToken}` } : target.signedIn && app.cookie ? { cookie: app.cookie } : undefined;
      const rounds: Array<{ baseline: Measurement; measured: Measurement }> = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const warmUp = round === 0;
        if (round % 2 === 0) {
          const baseline = await measure(bare, '/', undefined, warmUp);
          rounds.push({ baseline, measured: await measure(app, target.path, headers, warmUp) });
        } else {
          const measured = await measure(app, target.path, headers, warmUp);
          rounds.push({ baseline: await measure(bare, '/', undefined, warmUp), measured });
        }
      }
      const medianOf = (pick: (round: (typeof rounds)[number]) => number) => median(rounds.map(pick));
      const ratios = rounds.map(({ baseline, measured }) => measured.requestsPerSecond / baseline.requestsPerSecond);
      const ratio = median(ratios);
      const cpuRatio = medianOf(({ baseline, measured }) => baseline.cpuMicrosPerRequest / measured.cpuMicrosPerRequest);
      const p99Ms = medianOf(({ measured }) => measured.p99Ms);
      const non2xx = rounds.reduce((sum, { measured }) => sum + measured.non2xx + measured.errors, 0);
      const minRatio = target.minRatio[kind];
      const p99Ok = kind !== 'postgres' || !target.signedIn || p99Ms < 20;
      const met = ratio >= minRatio && p99Ok && non2xx === 0;
      allMet &&= met;
      const spread = `${Math.round(Math.min(...ratios) * 100)}-${Math.round(Math.max(...ratios) * 100)}%`;
      rows.push(
        `| ${kind} | \`${target.path}\` | ${Math.round(medianOf((r) => r.measured.requestsPerSecond))} | ${p99Ms} | ${Math.round(medianOf((r) => r.baseline.requestsPerSecond))} | **${(ratio * 100).toFixed(0)}%** (${spread}) | ${medianOf((r) => r.baseline.cpuMicrosPerRequest).toFixed(0)} / ${medianOf((r) => r.measured.cpuMicrosPerRequest).toFixed(0)} = **${(cpuRatio * 100).toFixed(0)}%** | ≥ ${minRatio * 100}%${kind === 'postgres' && target.signedIn ? ', p99 < 20 ms' : ''} | ${met ? 'met' : 'NOT met'}${non2xx ? ` (${non2xx} non-2xx or errors)` : ''} |`,
      );
      console.error(rows.at(-1));
    }
    const mixed = await measureMixed(kind, app);
    mixedRows.push(mixed);
    allMet &&= mixed.endsWith('| met |');
  } finally {
    await stopServer(app);
    await stopServer(bare);
  }
  return { rows, mixedRows, allMet };
}

async function main() {
  const started = new Date().toISOString();
  const load = loadavg().map((value) => value.toFixed(2)).join(', ');
  const results = [await benchDatabase('pglite', undefined)];
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `cifer_bench_${randomBytes(5).toString('hex')}`;
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      results.push(await benchDatabase('postgres', url.toString()));
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  console.log(`\nbench:api ${started}; ${CONNECTIONS} connections, ${ROUNDS} rounds per target of ${DURATION_S} s per server (after ${WARMUP_S} s warm-up); ${pinned ? 'servers pinned to core 0, autocannon to core 1 (taskset)' : 'not pinned (no taskset)'}; load average before: ${load}; after: ${loadavg().map((value) => value.toFixed(2)).join(', ')}\n`);
  console.log('| Database | Route | req/s (median) | p99 ms (median) | bare Fastify req/s (median) | ratio: median of rounds (range) | CPU µs per request: bare / CIFER (medians) | target | |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const result of results) for (const row of result.rows) console.log(row);
  console.log(`\nMixed signed-in load: ${CONNECTIONS} connections for ${MIXED_DURATION_S} s, each cycling /api/auth/user, the list, a completed assessment, an autosave, /api/mfa/status, an autosave; each cycle saves the next of ${CONNECTIONS} drafts (ADR 252)\n`);
  console.log(`| Database | req/s | p50 ms | p99 ms | max ms | p99 ms of requests sent after ${STEADY_AFTER_S} s | max ms of those | non-2xx or errors | target | |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const result of results) for (const row of result.mixedRows) console.log(row);
  process.exitCode = results.every((result) => result.allMet) ? 0 : 1;
}

await main();
