import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports point one way: web and server may use common; common uses neither; web never uses server. */
const forbid = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', '.data/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['**/server/**', '**/server'], 'web/ must not import server/: share code through common/.'),
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      ...forbid(
        ['**/server/**', '**/server', '**/web/**', '**/web', 'node:*', 'pg', 'drizzle-orm/pglite', 'drizzle-orm/node-postgres', '@electric-sql/*', 'react', 'react-dom'],
        'common/ is isomorphic: no server, web, Node built-ins, database clients or React.',
      ),
    },
  },
);
