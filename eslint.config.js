import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'data', 'bench', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The browser imports the server only as types (STYLE.md).
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true }] },
      ],
    },
  },
  {
    // Kysely<any> in migrations and their tests, as Kysely's docs advise: a migration must not
    // follow today's table types.
    files: ['src/server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Migrations are frozen history: each imports kysely, Node's crypto and the copies beside it,
    // never the app's code, so that a change there cannot change what an old migration did.
    files: ['src/server/db/migrations/**/*.ts'],
    ignores: ['src/server/db/migrations/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!kysely$|node:crypto$|\\./[\\w-]+\\.js$)',
              caseSensitive: true,
              message:
                'A migration imports only kysely, node:crypto and files beside it in src/server/db/migrations: copy what it needs there.',
            },
          ],
        },
      ],
    },
  },
)
