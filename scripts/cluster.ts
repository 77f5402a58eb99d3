/**
 * npm run cluster -- --instances 3 [--port 5400]
 *
 * Brings CIFER up locally the way docs/deployment.md deploys it (ADR 235): N stateless instances
 * of `src/server/main.ts` on one PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), behind an nginx
 * of its own (Debian's `nginx` binary; never the system service) listening on loopback at --port,
 * the instances on the ports after it. nginx runs in the foreground from a temporary folder with
 * the config rendered from deploy/nginx/cifer.conf.template. nginx is never reloaded: every reload
 * closed the clients' idle keep-alive connections, and a request sent on one at that moment failed
 * (ADR 280). A stopped, starting or closing instance refuses connections, which nginx retries on
 * another instance for any method and counts against the instance (max_fails, passive health).
 * This process asks each instance's /readyz every second only to report which are ready.
 * Ctrl-C or SIGTERM stops everything; the logs stay in a dated folder (DATA_DIR/logs/cluster-<time>).
 *
 * tests/cluster/failover.ts drives the same functions (startCluster) under load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const TEMPLATE = resolve(import.meta.dirname, '../deploy/nginx/cifer.conf.template');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface ClusterOptions {
  instances: number;
  /** nginx listens on 127.0.0.1:<port>; instance i on <port> + 1 + i. */
  port: number;
  /** Environment of every instance on top of this process's (DATABASE_URL, REDIS_URL, the shared secrets, …). */
  env: Record<string, string>;
  /** How often the supervisor asks each /readyz (ms). */
  healthIntervalMs?: number;
  /** Where nginx's folder and each instance's log go; a new temporary folder by default. */
  workDir?: string;
  log?: (line: string) => void;
}

export interface Instance {
  index: number;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Cluster {
  url: string;
  workDir: string;
  instances: Instance[];
  /** Instances whose /readyz answered ready at the last check (by index). */
  inRotation(): number[];
  /** Sends `signal` to instance `index` and waits for it to exit. */
  stopInstance(index: number, signal: NodeJS.Signals): Promise<number | null>;
  /** Starts instance `index` again (after a stop) and waits for its /readyz. */
  startInstance(index: number): Promise<void>;
  /** Stops the instances (SIGTERM), the health checker and nginx; removes the folder when it was a temporary one. */
  stop(): Promise<void>;
  /** Last resort (a test out of time): SIGKILL to every instance and nginx, at once. */
  killAll(): void;
}

/** One HTTP request on a fresh connection (no keep-alive pool, so no connection outlives an nginx reload). */
export function httpRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false, timeout: options.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timed out: ${options.method ?? 'GET'} ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

type Readiness = 'ready' | 'not_ready' | 'unreachable' | 'slow';

async function readinessOf(port: number): Promise<Readiness> {
  try {
    return (await httpRequest(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 2_000 })).status === 200 ? 'ready' : 'not_ready';
  } catch (error) {
    return error instanceof Error && error.message.startsWith('timed out') ? 'slow' : 'unreachable';
  }
}

const isReady = async (port: number) => (await readinessOf(port)) === 'ready';

/** Refuses to start on a port something else holds (an nginx left over would answer in our place). */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} on 127.0.0.1 is in use: choose another with --port`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolvePromise()));
  });
}

/** Polls `answers` until it is true; 'exited' when the process ends first, 'silent' when the time runs out. */
async function waitForAnswer(answers: () => Promise<boolean>, exited: Promise<unknown>, timeoutMs: number, intervalMs: number): Promise<'answered' | 'exited' | 'silent'> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    if (await answers()) return 'answered';
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return gone ? 'exited' : 'silent';
}

/** Until nginx itself answers (its own /nginx-healthz); fails when it exits or stays silent for 10 s. */
async function waitForBalancer(url: string, exited: Promise<void>, errorLog: string): Promise<void> {
  const answersHealth = () => httpRequest(`${url}/nginx-healthz`, { timeoutMs: 1_000 }).then((response) => response.status === 200, () => false);
  const outcome = await waitForAnswer(answersHealth, exited, 10_000, 100);
  if (outcome !== 'answered') throw new Error(`nginx ${outcome === 'exited' ? 'exited' : 'did not answer'} at start: see ${errorLog}`);
}

async function waitReady(instance: Instance, timeoutMs: number): Promise<void> {
  const outcome = await waitForAnswer(() => isReady(instance.port), instance.exited, timeoutMs, 200);
  if (outcome !== 'answered') throw new Error(`instance ${instance.index} on port ${instance.port} ${outcome === 'exited' ? 'exited' : 'was not ready'} before it answered /readyz`);
}

/** Every instance, always: nginx's passive health takes a refusing one out for 2 s at a time (ADR 280). */
function upstreamConf(ports: number[]): string {
  return ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;\n`).join('');
}

/** Every child this process started (instances, nginx), so a stop during start-up leaves none behind. */
const children = new Set<ChildProcess>();
function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** SIGTERM to every child still running, and wait for them (a stop before startCluster returned). */
export async function stopChildren(): Promise<void> {
  const running = [...children].filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(running.map((child) => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')))));
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workDir = options.workDir ?? mkdtempSync(join(tmpdir(), 'cifer-cluster-'));
  const nginxDir = join(workDir, 'nginx');
  for (const sub of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(join(nginxDir, sub), { recursive: true });
  const url = `http://127.0.0.1:${options.port}`;
  const ports = Array.from({ length: options.instances }, (_, index) => options.port + 1 + index);
  const rotation = new Set<number>();
  for (const port of [options.port, ...ports]) await assertPortFree(port);
  const conf = readFileSync(TEMPLATE, 'utf8').replaceAll('{{LISTEN}}', `127.0.0.1:${options.port}`).replaceAll('{{WORKER_PROCESSES}}', '1');
  writeFileSync(join(nginxDir, 'nginx.conf'), conf);

  const instances: Instance[] = [];
  const launch = (index: number): Instance => {
    const port = ports[index]!;
    const out = createWriteStream(join(workDir, `instance-${index}.log`), { flags: 'a' });
    const child = track(
      spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const instance = { index, port, child, exited };
    instances[index] = instance;
    return instance;
  };

  for (let index = 0; index < options.instances; index += 1) launch(index);
  await Promise.all(instances.map((instance) => waitReady(instance, 180_000)));
  // nginx starts only now, with every instance ready, and answers before the cluster is handed over.
  for (const index of ports.keys()) rotation.add(index);
  writeFileSync(join(nginxDir, 'upstream.conf'), upstreamConf(ports));
  const nginx = track(spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-e', join(nginxDir, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' }));
  const nginxExited = new Promise<void>((r) => nginx.once('exit', () => r()));
  await waitForBalancer(url, nginxExited, join(nginxDir, 'error.log'));
  log(`nginx started; instances ready: ${[...rotation].sort().join(', ')}`);

  // The watcher: reports which instances answer ready. It tells nginx nothing (ADR 280): a draining
  // instance still serves until it closes its listener, and from then on refuses, which nginx retries.
  let checking = true;
  const applyRotation = async () => {
    // A slow answer changes nothing (a busy instance is still serving).
    const states = await Promise.all(ports.map((port) => readinessOf(port)));
    const next = new Set(states.flatMap((state, index) => (state === 'ready' || (state === 'slow' && rotation.has(index)) ? [index] : [])));
    if (next.size === rotation.size && [...next].every((index) => rotation.has(index))) return;
    rotation.clear();
    for (const index of next) rotation.add(index);
    log(`instances ready: ${[...rotation].sort().join(', ') || '(none)'}`);
  };
  const checker = (async () => {
    while (checking) {
      await applyRotation();
      await new Promise((r) => setTimeout(r, options.healthIntervalMs ?? 1_000));
    }
  })();

  log(`CIFER: ${options.instances} instances behind nginx at ${url} (logs in ${workDir})`);

  const stopInstance = async (index: number, signal: NodeJS.Signals) => {
    const instance = instances[index]!;
    instance.child.kill(signal);
    return instance.exited;
  };
  return {
    url,
    workDir,
    instances,
    inRotation: () => [...rotation].sort(),
    stopInstance,
    async startInstance(index) {
      await waitReady(launch(index), 180_000);
      await applyRotation();
    },
    async stop() {
      checking = false;
      await checker;
      await Promise.all(instances.map((instance) => (instance.child.exitCode === null && instance.child.signalCode === null ? stopInstance(instance.index, 'SIGTERM') : instance.exited)));
      nginx.kill('SIGQUIT');
      await nginxExited;
      if (!options.workDir) rmSync(workDir, { recursive: true, force: true });
    },
    killAll() {
      checking = false;
      for (const instance of instances) instance.child.kill('SIGKILL');
      // TERM, not KILL: nginx's fast shutdown takes its workers down; a killed master leaves them listening.
      nginx.kill('SIGTERM');
    },
  };
}

/** The secrets every instance must share, from the environment or generated once into DATA_DIR/secrets (as env.ts does for one instance). */
function sharedSecret(name: 'SESSION_SECRET' | 'ENCRYPTION_KEY'): string {
  const given = process.env[name];
  if (given) return given;
  const file = join(resolve(process.env.DATA_DIR ?? './data'), 'secrets', name === 'SESSION_SECRET' ? 'session-secret' : 'encryption-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

async function main() {
  const { values } = parseArgs({ options: { instances: { type: 'string', default: '3' }, port: { type: 'string', default: '5400' }, help: { type: 'boolean', default: false } } });
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (values.help || !Number.isInteger(instances) || instances < 1 || instances > 16 || !Number.isInteger(port) || port < 1024 || port + instances > 65_535) {
    console.log('Usage: DATABASE_URL=postgres://… REDIS_URL=redis://… npm run cluster -- [--instances 3] [--port 5400]');
    process.exit(values.help ? 0 : 1);
  }
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL must name a PostgreSQL database: the instances share it (the embedded database holds one process).');
    process.exit(1);
  }
  if (!process.env.REDIS_URL) console.warn('REDIS_URL is not set: rate limits are counted in PostgreSQL and sessions invalidated through its notifications.');
  // Installed before anything starts: a SIGTERM while the instances start stops them too (ADR 279).
  let cluster: Cluster | null = null;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the instances and nginx…`);
    // Still starting: stopping the children makes startCluster fail, and the catch below exits.
    if (cluster) void cluster.stop().finally(() => process.exit(0));
    else void stopChildren();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  // Logs outlive the run: nginx's access and error logs and each instance's output, in a folder named by the start time.
  const workDir = join(resolve(process.env.DATA_DIR ?? './data'), 'logs', `cluster-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}`);
  mkdirSync(workDir, { recursive: true });
  const started = startCluster({
    instances,
    port,
    workDir,
    env: {
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      SESSION_SECRET: sharedSecret('SESSION_SECRET'),
      ENCRYPTION_KEY: sharedSecret('ENCRYPTION_KEY'),
      APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${port}`,
      // nginx sets X-Forwarded-For; the per-IP ceiling counts the client, not the balancer.
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '2000',
    },
  });
  try {
    cluster = await started;
  } catch (error) {
    await stopChildren();
    if (!stopping) console.error(error instanceof Error ? error.message : error);
    process.exit(stopping ? 0 : 1);
  }
  if (stopping) await cluster.stop().finally(() => process.exit(0));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
