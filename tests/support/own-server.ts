import { execFileSync, spawn } from 'node:child_process';
import { seedDataFolder } from '../../src/server/test/data-folder-template.ts';

/**
 * A CIFER server of a journey's own, beside the suite's: for journeys that must prepare the
 * embedded database before the server opens it (one process per data folder, ADR 174), or need
 * other settings (another host name for WebAuthn, BILLING=required, an SMTP catcher).
 */
export interface OwnServerSettings {
  /** Names the data folder: `.tmp/e2e-<name>-<port>`, emptied, then holding a copy of the migrated template (ADR 261). */
  name: string;
  port: number;
  /** The host name of APP_URL (WebAuthn refuses an IP address as relying party id). */
  hostname?: 'localhost' | '127.0.0.1';
  env?: Record<string, string>;
}

/** Seeds the server's data folder with a copy of the migrated template, and gives its URL and environment. */
export async function prepareOwnServer(settings: OwnServerSettings): Promise<{ url: string; env: NodeJS.ProcessEnv }> {
  const url = `http://${settings.hostname ?? '127.0.0.1'}:${settings.port}`;
  const dataDir = `.tmp/e2e-${settings.name}-${settings.port}`;
  await seedDataFolder(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(settings.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    ...settings.env,
  };
  return { url, env };
}

/** `npm run user:create` against the server's data folder, before the server starts. */
export function createAccountBeforeStart(env: NodeJS.ProcessEnv, account: { email: string; password: string; role: 'user' | 'admin' | 'super_admin'; firstName: string; lastName: string }): void {
  execFileSync('node_modules/.bin/tsx', ['scripts/user-create.ts', '--email', account.email, '--role', account.role, '--first-name', account.firstName, '--last-name', account.lastName], {
    env,
    input: `${account.password}\n`,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
}

/** Starts the server and waits for /readyz; `stop` ends it (its own process group: tsx and its node child together). */
export async function startOwnServer(env: NodeJS.ProcessEnv): Promise<{ stop(): void }> {
  const child = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const readyz = `http://127.0.0.1:${env.PORT}/readyz`;
  for (let i = 0; i < 360; i += 1) {
    if (await fetch(readyz).then((response) => response.ok, () => false)) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`server on ${env.PORT} did not start`);
}
