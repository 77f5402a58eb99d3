import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * The layer rules of ARCHITECTURE.md live in .dependency-cruiser.cjs. Each case below writes a tiny
 * tree with one import and asserts which rule (if any) the real configuration reports, so a rule
 * that stops biting fails this test.
 */
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cifer-deps-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Writes `files` under a fresh folder and returns the names of the rules violated. */
async function violatedRules(files: Record<string, string>): Promise<string[]> {
  const base = mkdtempSync(join(root, 'case-'));
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), code);
  }
  const { output } = await cruise(['src'], {
    baseDir: base,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
    exclude: { path: 'node_modules' },
  });
  if (typeof output === 'string') throw new Error('expected a cruise result object');
  return output.summary.violations.map((violation) => violation.rule.name).sort();
}

const leaf = 'export const value = 1;\n';
const importing = (path: string) => `import { value } from '${path}';\nexport const probe = value;\n`;

test('a server feature importing another feature is refused', async () => {
  expect(await violatedRules({ 'src/server/features/help/probe.ts': importing('../auth/login.ts'), 'src/server/features/auth/login.ts': leaf })).toEqual([
    'server-features-are-independent',
  ]);
});

test('shared server code importing a feature is refused; routes.ts may compose features', async () => {
  expect(await violatedRules({ 'src/server/sessions/probe.ts': importing('../features/auth/login.ts'), 'src/server/features/auth/login.ts': leaf })).toEqual([
    'shared-server-code-never-imports-features',
  ]);
  expect(await violatedRules({ 'src/server/routes.ts': importing('./features/auth/login.ts'), 'src/server/features/auth/login.ts': leaf })).toEqual([]);
});

test('only sessions reach the session cache: a feature clearing it by hand is refused', async () => {
  const cache = 'src/server/sessions/session-cache.ts';
  expect(await violatedRules({ 'src/server/features/mfa/probe.ts': importing('../../sessions/session-cache.ts'), [cache]: leaf })).toEqual(['only-sessions-clear-the-session-cache']);
  expect(await violatedRules({ 'src/server/sessions/probe.ts': importing('./session-cache.ts'), [cache]: leaf })).toEqual([]);
});

test('a file of a feature importing its own feature passes', async () => {
  expect(await violatedRules({ 'src/server/features/help/probe.ts': importing('./repository.ts'), 'src/server/features/help/repository.ts': leaf })).toEqual([]);
});

test('client and server never import each other', async () => {
  expect(await violatedRules({ 'src/client/lib/probe.ts': importing('../../server/errors.ts'), 'src/server/errors.ts': leaf })).toEqual(['client-never-imports-server']);
  expect(await violatedRules({ 'src/server/lib/probe.ts': importing('../../client/lib/utils.ts'), 'src/client/lib/utils.ts': leaf })).toEqual(['server-never-imports-client']);
});

test('the engine imports nothing outside itself, contracts only the engine, reports neither client nor server', async () => {
  expect(await violatedRules({ 'src/engine/probe.ts': importing('../contracts/auth.ts'), 'src/contracts/auth.ts': leaf })).toEqual(['engine-is-pure']);
  expect(await violatedRules({ 'src/contracts/probe.ts': importing('../server/errors.ts'), 'src/server/errors.ts': leaf })).toEqual(['contracts-import-only-engine']);
  expect(await violatedRules({ 'src/reports/probe.ts': importing('../server/errors.ts'), 'src/server/errors.ts': leaf })).toEqual(['reports-import-engine-and-contracts']);
  expect(await violatedRules({ 'src/contracts/probe.ts': importing('../engine/factors.ts'), 'src/engine/factors.ts': leaf })).toEqual([]);
});

test('client features are independent and sit above shared client code and below app/', async () => {
  expect(await violatedRules({ 'src/client/features/help/probe.ts': importing('../auth/use-auth.ts'), 'src/client/features/auth/use-auth.ts': leaf })).toEqual([
    'client-features-are-independent',
  ]);
  expect(await violatedRules({ 'src/client/components/probe.ts': importing('../features/auth/use-auth.ts'), 'src/client/features/auth/use-auth.ts': leaf })).toEqual([
    'shared-client-code-never-imports-features-or-app',
  ]);
  expect(await violatedRules({ 'src/client/features/help/probe.ts': importing('../../app/router.ts'), 'src/client/app/router.ts': leaf })).toEqual(['client-features-never-import-app']);
});

test('a cycle is refused', async () => {
  expect(await violatedRules({ 'src/server/lib/a.ts': importing('./b.ts'), 'src/server/lib/b.ts': importing('./a.ts') })).toEqual(['no-cycles']);
});

test('the assessment editor and history meet only in shared/, which imports no part; nothing below pages/ imports it', async () => {
  const assessments = 'src/client/features/assessments';
  const editorLeaf = { [`${assessments}/editor/lib/guided-steps.ts`]: leaf };
  expect(await violatedRules({ [`${assessments}/history/components/probe.ts`]: importing('../../editor/lib/guided-steps.ts'), ...editorLeaf })).toEqual([
    'assessment-editor-and-history-are-independent',
  ]);
  expect(await violatedRules({ [`${assessments}/shared/api/probe.ts`]: importing('../../editor/lib/guided-steps.ts'), ...editorLeaf })).toEqual(['assessment-shared-imports-no-part']);
  expect(await violatedRules({ [`${assessments}/results/probe.ts`]: importing('../pages/home.tsx'), [`${assessments}/pages/home.tsx`]: leaf })).toEqual([
    'assessment-parts-never-import-pages',
  ]);
  expect(await violatedRules({ [`${assessments}/history/probe.ts`]: importing('../shared/lib/format.ts'), [`${assessments}/shared/lib/format.ts`]: leaf })).toEqual([]);
  expect(await violatedRules({ [`${assessments}/pages/probe.ts`]: importing('../editor/lib/guided-steps.ts'), ...editorLeaf })).toEqual([]);
});
