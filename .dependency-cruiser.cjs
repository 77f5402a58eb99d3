/**
 * The layer rules of ARCHITECTURE.md, enforced by dependency-cruiser (`npm run lint:deps`, part of
 * `npm run lint`). Each rule names the layer it protects; scripts/dependency-rules.test.ts proves
 * that a deliberate violation of each one fails. ADR 060 explains the choice of tool.
 */
const TEST_FILE = '(\\.test\\.tsx?|\\.bench\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes two modules one; break it by moving the shared piece inward.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      severity: 'error',
      comment: 'src/engine is the pure risk model: it imports nothing outside itself (no npm package, no Node or DOM module).',
      from: { path: '^src/engine/', pathNot: TEST_FILE },
      to: { pathNot: '^src/engine/' },
    },
    {
      name: 'contracts-import-only-engine',
      severity: 'error',
      comment: 'src/contracts holds the zod schemas shared by client and server; it may import the engine and zod only.',
      from: { path: '^src/contracts/', pathNot: TEST_FILE },
      to: { path: '^src/(client|server|reports)/' },
    },
    {
      name: 'reports-import-engine-and-contracts',
      severity: 'error',
      comment: 'src/reports builds report models and files from results; it never reaches into the client or the server.',
      from: { path: '^src/reports/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      comment: 'The client and the server share code only through src/contracts (and the engine, reports).',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-never-imports-client',
      severity: 'error',
      comment: 'The server and the client share code only through src/contracts (and the engine, reports).',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'server-features-are-independent',
      severity: 'error',
      comment: 'A server feature never imports another feature: move what both need to shared server code (sessions, lib, mail, jobs).',
      from: { path: '^src/server/features/([^/]+)/' },
      to: { path: '^src/server/features/', pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'only-sessions-clear-the-session-cache',
      severity: 'error',
      comment: 'Sessions own every write that must clear the session cache (ADR 143): others call their writers, never the cache.',
      from: { path: '^src/', pathNot: '^src/server/(sessions|test)/' },
      to: { path: '^src/server/sessions/session-cache\\.ts$' },
    },
    {
      name: 'shared-server-code-never-imports-features',
      severity: 'error',
      comment: 'app, db, sessions, plugins, lib, mail and jobs sit below the features; only routes.ts (and the test helpers in test/) compose them.',
      from: { path: '^src/server/', pathNot: '^src/server/(features/|routes\\.ts$|test/)' },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'client-features-are-independent',
      severity: 'error',
      comment: 'Client features never import each other; they meet in src/client/app.',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'assessment-editor-and-history-are-independent',
      severity: 'error',
      comment: 'In client/features/assessments the editor and the history never import each other; what both need lives in shared/.',
      from: { path: '^src/client/features/assessments/(editor|history)/' },
      to: { path: '^src/client/features/assessments/(editor|history)/', pathNot: '^src/client/features/assessments/$1/' },
    },
    {
      name: 'assessment-parts-never-import-pages',
      severity: 'error',
      comment: 'pages/ composes the editor, results and history of an assessment; nothing below it imports it.',
      from: { path: '^src/client/features/assessments/(shared|editor|results|history)/' },
      to: { path: '^src/client/features/assessments/pages/' },
    },
    {
      name: 'assessment-shared-imports-no-part',
      severity: 'error',
      comment: 'shared/ holds only what the parts share (the cache, the offline outbox, formats); it imports none of them.',
      from: { path: '^src/client/features/assessments/shared/' },
      to: { path: '^src/client/features/assessments/(editor|results|history)/' },
    },
    {
      name: 'shared-client-code-never-imports-features-or-app',
      severity: 'error',
      comment: 'components, lib and hooks are below the features and app/.',
      from: { path: '^src/client/(components|lib|hooks)/' },
      to: { path: '^src/client/(features|app)/' },
    },
    {
      name: 'client-hooks-and-lib-sit-below-components',
      severity: 'error',
      comment: 'hooks and lib hold state and helpers the UI primitives use; they never import a component (types included).',
      from: { path: '^src/client/(lib|hooks)/', pathNot: TEST_FILE },
      to: { path: '^src/client/components/' },
    },
    {
      name: 'client-features-never-import-app',
      severity: 'error',
      comment: 'app/ composes features, never the other way round.',
      from: { path: '^src/client/features/' },
      to: { path: '^src/client/app/' },
    },
    {
      name: 'product-code-never-imports-tests-or-scripts',
      severity: 'error',
      comment: 'tests/ and scripts/ drive the product; the product does not depend on them.',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { path: '^(tests|scripts)/' },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^node_modules', '^dist/', '^\\.tmp/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
