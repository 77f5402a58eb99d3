/**
 * Shows the mail CIFER holds for one recipient as it would be delivered, secret links included:
 *
 *   npm run mail:show -- --to person@example.com [--all]
 *
 * For installations without SMTP_URL. The web outbox (/admin) shows every message with its secret
 * links replaced by a note (ADR 190); only an operator with shell access to the server, who holds
 * ENCRYPTION_KEY, can open the sealed text. By default it shows messages not yet delivered
 * (held, pending, failed); --all adds sent ones (their secret is gone once delivered).
 * It uses the server's configuration (DATABASE_URL, or DATA_DIR for the embedded database). The
 * embedded database holds one process at a time (ADR 174): stop the server first, or configure
 * SMTP_URL. PostgreSQL can be read while servers run.
 */
import { parseArgs } from 'node:util';
import { and, asc, eq, ne } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { emailOutbox } from '../src/server/db/schema.ts';
import { InvalidEnvError, parseEnv } from '../src/server/env.ts';
import { normalizeEmail } from '../src/server/features/auth/accounts.ts';
import { deliverableText } from '../src/server/mail/outbox.ts';

const USAGE = 'Usage: npm run mail:show -- --to <address> [--all]';

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, all: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  if (values.help || !values.to) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const env = parseEnv(process.env);
  const database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL, maxConnections: 1 } : { kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const to = normalizeEmail(values.to);
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(values.all ? eq(emailOutbox.to, to) : and(eq(emailOutbox.to, to), ne(emailOutbox.status, 'sent')))
      .orderBy(asc(emailOutbox.createdAt));
    if (rows.length === 0) console.log(`No ${values.all ? '' : 'undelivered '}mail for ${to}.`);
    for (const row of rows) {
      console.log(`--- ${new Date(row.createdAt).toISOString()} · ${row.status} · ${row.subject}\nTo: ${row.to}\n\n${deliverableText(row, env.ENCRYPTION_KEY)}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof InvalidEnvError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
