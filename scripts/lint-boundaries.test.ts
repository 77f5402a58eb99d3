import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

/** The layer rules of ARCHITECTURE.md are enforced by lint; these cases must keep failing. */
const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

test('a client module importing server code fails lint', async () => {
  const errors = await boundaryErrors('src/client/lib/probe.ts', "import { AppError } from '../../server/errors.ts';\nexport const probe = AppError;\n");
  expect(errors.join()).toMatch(/client must not import server code/);
});

test('a server module importing client code fails lint', async () => {
  const errors = await boundaryErrors('src/server/lib/probe.ts', "import { cn } from '@/client/lib/utils.ts';\nexport const probe = cn;\n");
  expect(errors.join()).toMatch(/server must not import client code/);
});

test('the engine importing contracts fails lint', async () => {
  const errors = await boundaryErrors('src/engine/probe.ts', "import { RoleSchema } from '../contracts/auth.ts';\nexport const probe = RoleSchema;\n");
  expect(errors.join()).toMatch(/engine imports nothing outside/);
});

test('a client feature importing another feature fails lint', async () => {
  const errors = await boundaryErrors('src/client/features/help/probe.ts', "import { useAuth } from '../auth/hooks/use-auth.ts';\nexport const probe = useAuth;\n");
  expect(errors.join()).toMatch(/features never import each other/);
});

test('the server importing contracts passes lint', async () => {
  const errors = await boundaryErrors('src/server/lib/probe.ts', "import { RoleSchema } from '@/contracts/auth.ts';\nexport const probe = RoleSchema;\n");
  expect(errors).toEqual([]);
});
