import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { spawnProcess } from './spawn-server.ts';

/**
 * tests/support/run-must-finish.ts, tried on a real vitest run: a small project under `.tmp/` (so
 * it resolves `vitest` from the project) whose global set-up either settles or never does.
 */
const REPORTER = resolve('tests/support/run-must-finish.ts');
const VITEST = resolve('node_modules/vitest/vitest.mjs');
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function miniProject(setUp: 'settles' | 'never settles', withReporter: boolean): string {
  mkdirSync('.tmp', { recursive: true });
  const root = mkdtempSync(join(resolve('.tmp'), 'run-must-finish-'));
  roots.push(root);
  const wait = setUp === 'settles' ? 'await Promise.resolve();' : 'await new Promise(() => {});';
  writeFileSync(join(root, 'set-up.mjs'), `export default async function () { ${wait} }\n`);
  writeFileSync(join(root, 'one.test.mjs'), `import { test } from 'vitest';\ntest('runs', () => {});\n`);
  const reporters = withReporter ? `['default', ${JSON.stringify(REPORTER)}]` : `['default']`;
  writeFileSync(join(root, 'vitest.config.mjs'), `export default { test: { include: ['one.test.mjs'], globalSetup: ['./set-up.mjs'], reporters: ${reporters} } };\n`);
  return root;
}

/** vitest's own command line on the mini project, through the process tests' one way of starting a program. */
async function runVitest(root: string): Promise<{ code: number | null; output: string }> {
  const run = spawnProcess({ CI: 'true', FORCE_COLOR: '0' }, { script: VITEST, args: ['run', '--root', root, '--config', join(root, 'vitest.config.mjs')] });
  return { code: await run.exited, output: run.output() };
}

test('a run whose global set-up never settles exits 1 and says why; without the reporter it would pass', async () => {
  const [guarded, unguarded] = await Promise.all([runVitest(miniProject('never settles', true)), runVitest(miniProject('never settles', false))]);
  expect(guarded.code).toBe(1);
  expect(guarded.output).toContain('vitest exited before its run finished');
  // The failure the reporter exists for: vitest itself calls this run a success.
  expect(unguarded.code).toBe(0);
  expect(unguarded.output).not.toContain('1 passed');
}, 60_000);

test('a run that finishes keeps its exit code 0 with the reporter', async () => {
  const run = await runVitest(miniProject('settles', true));
  expect(run.output).toContain('1 passed');
  expect(run.code).toBe(0);
}, 60_000);
