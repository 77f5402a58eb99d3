import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { createTestApp } from '../../test/test-app.ts';
import { useSharedTestApp } from '../../test/test-app-hooks.ts';
import { createUserAccount } from './create-user.ts';
import { logIn, STRONG_PASSWORD } from '../../test/helpers.ts';

const t = useSharedTestApp();

test('AUTH-10 a fresh database has no accounts at all (no default or seeded users)', async () => {
  const fresh = await createTestApp();
  try {
    expect(await fresh.app.db.select().from(users)).toHaveLength(0);
  } finally {
    await fresh.close();
  }
});

test('createUserAccount makes an active super_admin that can log in; duplicates and weak passwords are refused', async () => {
  const created = await createUserAccount(t.app.db, { email: 'Root@Example.com', password: STRONG_PASSWORD, role: 'super_admin' });
  expect(created).toMatchObject({ email: 'root@example.com', role: 'super_admin' });
  const [row] = await t.app.db.select().from(users).where(eq(users.id, created.userId));
  expect(row).toMatchObject({ role: 'super_admin', status: 'active' });
  expect((await logIn(t, 'root@example.com', STRONG_PASSWORD)).response.statusCode).toBe(200);
  await expect(createUserAccount(t.app.db, { email: 'root@example.com', password: STRONG_PASSWORD })).rejects.toThrow(/already exists/);
  await expect(createUserAccount(t.app.db, { email: 'weak@example.com', password: 'short' })).rejects.toThrow(/14 characters/);
  await expect(createUserAccount(t.app.db, { email: 'weak@example.com', password: 'Password12345678' })).rejects.toThrow(/too common/);
});

test('AUTH-10 `npm run user:create` reads the password from stdin and creates the first administrator', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cifer-user-create-'));
  try {
    const run = promisify(execFile);
    const child = run('npx', ['tsx', 'scripts/user-create.ts', '--email', 'first.admin@example.com', '--role', 'super_admin'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    child.child.stdin!.end(`${STRONG_PASSWORD}\n`);
    const { stdout } = await child;
    expect(stdout).toContain('Created super_admin first.admin@example.com');
    const database = openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'first.admin@example.com', role: 'super_admin', status: 'active' });
      expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
