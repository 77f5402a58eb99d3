/**
 * A fast flag for "the database cannot be reached" (ADR 278). Requests read it before they touch
 * the database, so during an outage they get a retryable 503 at once instead of waiting on a pool
 * whose connections hang; /metrics and /readyz report it without a query.
 *
 * The flag goes down when a query fails for want of a connection (`reportUnreachable`) or when
 * the ping (its own connection) does not answer within its deadline; it comes back up on the
 * first ping that answers. `onDown` lets the owner cut the pool's connections, so queries stuck on
 * a connection that no longer answers fail now rather than after TCP gives up (minutes).
 */
export interface DatabaseHealth {
  readonly up: boolean;
  /** A query failed because the database could not be reached: down now, pinged until it answers. */
  reportUnreachable(): void;
  /** Calls `listener` each time the flag goes down (after the pool's connections are cut). */
  onDown(listener: () => void): void;
  /** Pings every `intervalMs` while up too, and logs the flag's changes (a server; tests only ping while down). */
  start(log: HealthLog): void;
  stop(): void;
}

/** Node's and postgres.js's codes of a connection that failed, broke or timed out. */
const CONNECTION_ERROR_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'DATABASE_UNREACHABLE', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is going away or not yet accepting: class 08 and 57P01-57P03. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;

/** Whether an error (or one it wraps: Drizzle wraps the driver's) says the database could not be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  }
  return false;
}

export interface HealthLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface DatabaseHealthOptions {
  /** One round trip on a connection of its own; rejects when the database does not answer. */
  ping(): Promise<void>;
  /** The flag just went down. */
  onDown(): void;
  /** The ping did not answer in time: its connection is to be dropped. */
  onPingTimeout(): void;
  intervalMs?: number;
  downIntervalMs?: number;
  timeoutMs?: number;
}

/** A ping's deadline; a timer that fired this late means the event loop was held up, not the database. */
const LATE_TIMER_MS = 500;

function pingWithin(ping: () => Promise<void>, timeoutMs: number): Promise<'answered' | 'failed' | 'timed-out' | 'unknown'> {
  return new Promise((resolve) => {
    const armedAt = performance.now();
    const timer = setTimeout(() => resolve(performance.now() - armedAt > timeoutMs + LATE_TIMER_MS ? 'unknown' : 'timed-out'), timeoutMs);
    ping().then(
      () => {
        clearTimeout(timer);
        resolve('answered');
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve(isDatabaseUnreachable(error) ? 'failed' : 'answered');
      },
    );
  });
}

export function createDatabaseHealth(options: DatabaseHealthOptions): DatabaseHealth {
  const { intervalMs = 500, downIntervalMs = 500, timeoutMs = 1_000 } = options;
  let log: HealthLog = { warn() {}, info() {} };
  let up = true;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pinging = false;
  const listeners: (() => void)[] = [];

  const markDown = (reason: string) => {
    if (!up) return;
    up = false;
    log.warn({ reason }, 'database unreachable: answering 503 until it answers again');
    options.onDown();
    for (const listener of listeners) listener();
  };
  const schedule = () => {
    if (stopped || timer || pinging || (up && !started)) return;
    timer = setTimeout(() => void tick(), up ? intervalMs : downIntervalMs);
    timer.unref();
  };
  const tick = async () => {
    timer = null;
    pinging = true;
    const outcome = await pingWithin(options.ping, timeoutMs);
    pinging = false;
    if (outcome === 'timed-out') options.onPingTimeout();
    if (outcome === 'answered' && !up) {
      up = true;
      log.info({}, 'database reachable again');
    } else if (outcome === 'failed' || outcome === 'timed-out') markDown(outcome === 'failed' ? 'connection failed' : `no answer within ${timeoutMs} ms`);
    schedule();
  };

  return {
    get up() {
      return up;
    },
    reportUnreachable() {
      markDown('a query could not reach the database');
      schedule();
    },
    onDown(listener) {
      listeners.push(listener);
    },
    start(serverLog) {
      log = serverLog;
      started = true;
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/** The embedded database lives in this process: it is up for as long as the process is. */
export const ALWAYS_UP: DatabaseHealth = { up: true, reportUnreachable() {}, onDown() {}, start() {}, stop() {} };
