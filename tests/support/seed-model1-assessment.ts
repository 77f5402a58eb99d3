/**
 * Prepares a data folder for the model-comparison journey before its server starts (the embedded
 * database holds one process, ADR 174): a user, and an assessment completed on model 1.0.0 stored
 * exactly as that model wrote it (src/contracts/fixtures/risk-result-1.0.0.json, from
 * examples/clinic-120.json, seed 1). Prints the assessment id.
 *
 *   DATA_DIR=... SEED_EMAIL=... SEED_PASSWORD=... tsx tests/support/seed-model1-assessment.ts
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { DraftRiskInput } from '../../src/contracts/assessments.ts';
import type { RiskResult } from '../../src/engine/risk-result.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { createUserAccount } from '../../src/server/features/auth/create-user.ts';
import { insertAssessment } from '../../src/server/db/repositories/assessment-writes.ts';

const storedV1 = JSON.parse(readFileSync(new URL('../../src/contracts/fixtures/risk-result-1.0.0.json', import.meta.url), 'utf8')) as RiskResult;
const clinic = JSON.parse(readFileSync(new URL('../../examples/clinic-120.json', import.meta.url), 'utf8')) as DraftRiskInput;

async function main() {
  const { DATA_DIR, SEED_EMAIL, SEED_PASSWORD } = process.env;
  if (!DATA_DIR || !SEED_EMAIL || !SEED_PASSWORD) throw new Error('DATA_DIR, SEED_EMAIL and SEED_PASSWORD are required');
  const database = openDatabase({ kind: 'pglite', dataDir: DATA_DIR });
  try {
    await database.migrate();
    const { userId } = await createUserAccount(database.db, { email: SEED_EMAIL, password: SEED_PASSWORD, role: 'user', firstName: 'Morgan', lastName: 'Lead', company: 'Riverside Clinic' });
    const [user] = await database.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, userId));
    if (!user?.organizationId) throw new Error('the new user has no organisation');
    const id = await insertAssessment(database.db, {
      organizationId: user.organizationId,
      authorId: userId,
      title: 'Riverside — review on model 1.0.0',
      input: clinic,
      status: 'completed',
      engineVersion: storedV1.engineVersion,
      seed: storedV1.seed,
      result: storedV1,
      now: new Date('2026-01-15T10:00:00Z'),
    });
    console.log(id);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
