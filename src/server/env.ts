import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Secrets must carry at least 32 bytes of entropy; hex or base64 text of 43+ characters does. */
const secretSchema = z.string().min(32, 'must be at least 32 characters (32+ random bytes)');

/** An empty string (as in a copied .env.example) counts as absent. */
const emptyAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsAbsent, z.url().optional());

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` (ADR 277). Never "every hop": a client could then put any
 * address it likes in X-Forwarded-For and pass it off as its own to the per-address limits and
 * the audit log. `true` (the setting the documentation used to give) means the one nginx in front.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): false | number | string {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text) && Number(text) <= MAX_PROXY_HOPS) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries.join(',');
  context.addIssue({ code: 'custom', message: `must be false, a number of proxy hops (1-${MAX_PROXY_HOPS}; true = 1), or the proxies' addresses or CIDRs separated by commas` });
  return z.NEVER;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Prefix of rate-limit counter keys; instances that share a budget share it (default 'cifer'). */
  RATE_LIMIT_NAMESPACE: z.preprocess(emptyAsAbsent, z.string().min(1).max(64).optional()),
  /** Requests per minute one client address may make to /api (shared through Redis when set); 0 = off (ADR 176). */
  API_IP_LIMIT_PER_MINUTE: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).default(3000)),
  /** Requests per minute one API token may make to /api/v1 and /mcp (ADR 228; shared through Redis when set). */
  API_TOKEN_LIMIT_PER_MINUTE: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).default(600)),
  /** Sign-ups and access requests per client address per hour (ADR 022); raise it for many people behind one address. */
  REGISTER_IP_LIMIT_PER_HOUR: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).default(10)),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('CIFER <no-reply@cifer-risk.com>'),
  SUPPORT_EMAIL: z.email().default('support@cifer-risk.com'),
  SALES_EMAIL: z.email().default('sales@cifer-risk.com'),
  APP_URL: z.url().default('http://localhost:5000'),
  SESSION_SECRET: z.preprocess(emptyAsAbsent, secretSchema.optional()),
  ENCRYPTION_KEY: z.preprocess(emptyAsAbsent, secretSchema.optional()),
  BILLING: z.enum(['off', 'required']).default('off'),
  /** Stripe (ADR 130): all of key, webhook secret and both price ids, or none (invoice mode). */
  STRIPE_SECRET_KEY: z.preprocess(emptyAsAbsent, z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyAsAbsent, z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_...)').optional()),
  STRIPE_PRICE_MONTHLY: z.preprocess(emptyAsAbsent, z.string().min(1).optional()),
  STRIPE_PRICE_ANNUAL: z.preprocess(emptyAsAbsent, z.string().min(1).optional()),
  /** Where the Stripe SDK sends API calls; only for a local fake Stripe in tests (never in production). */
  STRIPE_API_BASE: optionalUrl,
  /** Displayed prices in whole US dollars (ADR 131); Stripe's price ids decide what is charged. */
  PLAN_MONTHLY_PRICE_USD: z.coerce.number().int().min(1).max(1_000_000).default(250),
  PLAN_ANNUAL_PRICE_USD: z.coerce.number().int().min(1).max(10_000_000).default(2500),
  /** Days of access kept after a failed renewal payment (ADR 132). */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** Which proxies may name the client in X-Forwarded-For (ADR 277): `false`, a hop count, or their addresses; `true` is one hop. */
  TRUST_PROXY: z.preprocess(emptyAsAbsent, z.string().default('false')).transform(parseTrustProxy),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIST_DIR: z.string().min(1).default('./dist/client'),
  /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the listener closes (ADR 236); behind a balancer: a bit more than its health-check interval. */
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).max(60_000).default(0)),
  /** Bearer token of GET /metrics (ADR 152); absent = the endpoint answers 404. */
  METRICS_TOKEN: z.preprocess(emptyAsAbsent, secretSchema.optional()),
  /** Where backups are written (ADR 234); default `<DATA_DIR>/backups`. */
  BACKUP_DIR: z.preprocess(emptyAsAbsent, z.string().min(1).optional()),
  /** How many backups the daily backup keeps in BACKUP_DIR (older ones are deleted). */
  BACKUP_KEEP: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1).max(3_650).default(14)),
  /** Hour of the day (UTC, 0-23) of the embedded database's daily backup, or `off`. */
  BACKUP_HOUR: z.preprocess(emptyAsAbsent, z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(3)),
  /**
   * Lets webhooks reach private, loopback and link-local addresses (ADR 229). Off by default: an
   * organisation owner must not be able to make the server call its own network (SSRF). For a
   * deployment whose receivers live on an internal network.
   */
  /**
   * Worker threads of the engine's pool (ADR 269): runs beyond them wait for a free one. 0 runs the
   * engine in the server's own thread (the API tests). Default: one per core
   * (os.availableParallelism()); 0 under NODE_ENV=test.
   */
  ENGINE_THREADS: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).max(256).optional()),
  /**
   * Worker threads of the report pool (ADR 323): board report PDFs, decks and workbooks are built
   * there, off the event loop; downloads beyond them wait for a free one. 0 builds them in the
   * server's own thread (the API tests). Default: half the cores, at least one; 0 under NODE_ENV=test.
   */
  REPORT_THREADS: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(0).max(256).optional()),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.preprocess(
    emptyAsAbsent,
    z
      .enum(['true', 'false', '1', '0'])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  ),
});

export type Env = z.infer<typeof EnvSchema> & {
  SESSION_SECRET: string;
  ENCRYPTION_KEY: string;
  DATA_DIR: string;
  BACKUP_DIR: string;
  ENGINE_THREADS: number;
  REPORT_THREADS: number;
};

export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'InvalidEnvError';
  }
}

/**
 * Validates the raw environment once. Every bad variable is named in one error so an operator
 * fixes them all in one go. Outside production, missing secrets are generated once and kept in
 * DATA_DIR so sessions and encrypted TOTP secrets survive a restart.
 */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new InvalidEnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const stripeProblems = findStripeConfigProblems(env);
  if (stripeProblems.length > 0) throw new InvalidEnvError(stripeProblems);
  const dataDir = resolve(env.DATA_DIR);
  if (env.NODE_ENV === 'production') {
    const missing = (['SESSION_SECRET', 'ENCRYPTION_KEY'] as const)
      .filter((name) => !env[name])
      .map((name) => `${name}: required in production (32+ random bytes, e.g. \`openssl rand -hex 32\`)`);
    if (missing.length > 0) throw new InvalidEnvError(missing);
  }
  return {
    ...env,
    DATA_DIR: dataDir,
    BACKUP_DIR: resolve(env.BACKUP_DIR ?? join(dataDir, 'backups')),
    CLIENT_DIST_DIR: resolve(env.CLIENT_DIST_DIR),
    ENGINE_THREADS: env.ENGINE_THREADS ?? (env.NODE_ENV === 'test' ? 0 : availableParallelism()),
    REPORT_THREADS: env.REPORT_THREADS ?? (env.NODE_ENV === 'test' ? 0 : defaultReportThreads()),
    SESSION_SECRET: env.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'encryption-key'),
  };
}

/**
 * Half the cores, at least one (ADR 323): a report is a burst of a few hundred milliseconds, rarer
 * than a model run, and the engine's pool already has a thread per core.
 */
const defaultReportThreads = () => Math.max(1, Math.floor(availableParallelism() / 2));

const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const;

/** Stripe is configured completely or not at all: half a configuration would take money it cannot confirm. */
function findStripeConfigProblems(env: z.infer<typeof EnvSchema>): string[] {
  const present = STRIPE_VARS.filter((name) => env[name]);
  const problems =
    present.length === 0 || present.length === STRIPE_VARS.length
      ? []
      : STRIPE_VARS.filter((name) => !env[name]).map((name) => `${name}: required when ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set`);
  if (env.NODE_ENV === 'production' && env.STRIPE_API_BASE) problems.push('STRIPE_API_BASE: only for a local fake Stripe; not allowed in production');
  return problems;
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
