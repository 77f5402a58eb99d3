/**
 * Creates an active CIFER account, e.g. the first administrator:
 *
 *   npm run user:create -- --email admin@example.com --role super_admin [--first-name Ada --last-name Lovelace --company "Example Ltd"]
 *
 * The password is prompted for (not echoed), or read from the first line of stdin when stdin is
 * not a terminal: `printf '%s\n' "$PASSWORD" | npm run user:create -- --email ...`.
 * It uses the same configuration as the server (DATABASE_URL, or DATA_DIR for the embedded
 * database). The embedded database holds one process at a time: while a server runs on the same
 * DATA_DIR this refuses with a message naming the folder and the server's process (ADR 174); stop
 * the server first, or create the account from the running server's admin console.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client.ts';
import { InvalidEnvError, parseEnv } from '../src/server/env.ts';
import { createUserAccount } from '../src/server/features/auth/create-user.ts';

const USAGE = 'Usage: npm run user:create -- --email <address> [--role user|admin|super_admin] [--first-name X] [--last-name Y] [--company Z]';

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('Cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPasswordFromStdin();
  const first = await promptHidden('Password (14+ characters, upper and lower case, a digit): ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new Error("Passwords don't match");
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'user' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      company: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const env = parseEnv(process.env);
  // Opened before the password prompt: a folder held by a running server is refused at once.
  const database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL, maxConnections: 2 } : { kind: 'pglite', dataDir: env.DATA_DIR });
  const password = await readPassword().catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  try {
    await database.migrate();
    const created = await createUserAccount(database.db, {
      email: values.email,
      password,
      role: values.role as 'user' | 'admin' | 'super_admin',
      ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
      ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
      ...(values.company ? { company: values.company } : {}),
    });
    console.log(`Created ${created.role} ${created.email} (id ${created.userId}). Sign in at /auth; two-factor set-up follows at the first sign-in.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof InvalidEnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
