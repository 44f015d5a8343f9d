import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The server's features, each with the modules other features may import besides its
 * `*.queries.ts` (which read and write its tables). Folders not named here (db, http, jobs, lib,
 * mail, media) are the server's shared parts; web and seed compose features as app.ts does.
 */
const serverFeatures = {
  alerts: [],
  auth: ['auth.ts', 'session.ts'],
  conversations: ['reply-figures.ts'],
  favourites: [],
  geocoding: ['geocoder.ts', 'gazetteer.ts', 'place-names.ts', 'areas.ts'],
  'listing-stats': ['count-activity.ts'],
  listings: [
    'listing-alerts.ts',
    'listing-photo-checks.ts',
    'read-listing-page.ts',
    'search-words.ts',
    'search/search-rows.ts',
  ],
  moderation: ['moderators.ts', 'hidden-listing-reader.ts'],
  places: ['place-ties.ts'],
  'saved-searches': ['search-place.ts'],
  sitemaps: [],
  'stale-listings': [],
  uploads: [],
  users: [],
  viewings: [],
}

const root = import.meta.dirname

/** How import-x finds and reads our modules: `./x.js` in an import is `./x.ts` on disk. */
const importSettings = {
  'import-x/resolver-next': [
    createNodeResolver({ extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
  ],
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
}

/** The query builder's calls that name a table. */
const sqlTableCalls = '/^(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin)$/'
/** Tables the alerts read only through their owners' queries (see the migrations). */
const alertsForeignTables = [
  'favourite',
  'saved_search',
  'saved_search_cell',
  'listing',
  'user',
  'contact_preference',
]

/** The routes still given the whole context (the search's routes, being rebuilt). */
const wholeContextCallers = '[callee.name=/^(listingsRoutes|webRoutes)$/]'

/** One zone per pair of features: `from`'s modules that `target` may not import. */
const featureZones = Object.entries(serverFeatures).flatMap(([owner, publicModules]) =>
  Object.keys(serverFeatures)
    .filter((other) => other !== owner)
    .map((other) => ({
      target: `src/server/${other}`,
      from: `${root}/src/server/${owner}/**`,
      except: [`**/src/server/${owner}/*.queries.ts`].concat(
        publicModules.map((name) => `**/src/server/${owner}/${name}`),
      ),
      message: `Import ${owner}/ through its *.queries.ts or its public modules (eslint.config.js).`,
    })),
)

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
              regex: '^(?!kysely$|node:crypto$|node:fs$|node:module$|\\./[\\w-]+\\.js$)',
              caseSensitive: true,
              message:
                "A migration imports only kysely, node:crypto, node:fs, node:module (to read a package's data file) and files beside it in src/server/db/migrations: copy what it needs there.",
            },
          ],
        },
      ],
    },
  },
  {
    // Imports between the server's modules go one way: a cycle has no module that loads first.
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The boundaries (STYLE.md): shared code imports neither side, lib/ no server code, and a
    // feature imports another only through its queries and the public modules named above.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'src/shared',
              from: ['src/server', 'src/client'],
              message: 'src/shared is imported by both sides and imports neither.',
            },
            {
              target: 'src/server/lib',
              from: 'src/server',
              except: ['./lib'],
              message: 'server/lib holds generic helpers that depend on no server code.',
            },
            {
              target: ['src/server/http', 'src/server/jobs', 'src/server/mail', 'src/server/media'],
              from: Object.keys(serverFeatures).map((feature) => `src/server/${feature}`),
              message: "The server's shared parts depend on no feature: features depend on them.",
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // The alerts keep to their tables (saved_search_match, saved_home_mail, mail_opt_out) and read
    // saved searches, favourites, listings and users through those features' queries.
    files: ['src/server/alerts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${sqlTableCalls}] > Literal.arguments[value=/^(${alertsForeignTables.join('|')})( |$)/]`,
          message: "This table is another feature's: use that feature's *.queries.ts.",
        },
      ],
    },
  },
  {
    // A route reads the request and sends the response; its SQL lives in a *.queries.ts module.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', message: 'Routes do no SQL: use a *.queries.ts module.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(kysely|selectFrom|insertInto|updateTable|deleteFrom)$/]',
          message: 'Routes do no SQL: use a *.queries.ts module.',
        },
      ],
    },
  },
  {
    // Each route gets the members of the app's context it uses, named in its deps type.
    files: ['src/server/app.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.name=/(Routes|Counter)$/]:not(${wholeContextCallers}) > Identifier[name='context']`,
          message: 'Pass the route the members of the context it uses, not the whole context.',
        },
        {
          selector: `CallExpression[callee.name=/(Routes|Counter)$/]:not(${wholeContextCallers}) > ObjectExpression > SpreadElement[argument.name='context']`,
          message: 'Pass the route the members of the context it uses, not the whole context.',
        },
      ],
    },
  },
)
