import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layer rules (ARCHITECTURE.md): client and server never import each other; the engine imports
 * nothing outside itself; contracts import only the engine; reports import engine and contracts.
 * Inside the client, features never import other features (they meet in app/).
 */
const clientFeatures = existsSync('src/client/features')
  ? readdirSync('src/client/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
  : [];
const featureZones = clientFeatures.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`],
  message: 'Client features never import each other; compose them in src/client/app.',
}));

const boundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './src/client', from: './src/server', message: 'The client must not import server code: share it through src/contracts.' },
        { target: './src/server', from: './src/client', message: 'The server must not import client code: share it through src/contracts.' },
        {
          target: './src/engine',
          from: ['./src/client', './src/server', './src/contracts', './src/reports', './scripts', './tests'],
          message: 'The engine imports nothing outside src/engine.',
        },
        { target: './src/contracts', from: ['./src/client', './src/server', './src/reports'], message: 'Contracts may import only the engine.' },
        { target: './src/reports', from: ['./src/client', './src/server'], message: 'Reports may import only the engine and contracts.' },
        ...featureZones,
        { target: ['./src/client/components', './src/client/lib', './src/client/hooks'], from: ['./src/client/features', './src/client/app'], message: 'Shared client code must not depend on features or app.' },
      ],
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'playwright-report/', '.tmp/', 'data/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...boundaries,
      'import-x/no-cycle': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of enum.' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/main.ts', 'src/server/test/**', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read config in src/server/env.ts (via main.ts) and pass it in.' }],
    },
  },
);
