// Lint rules, and the import directions the layers keep (DESIGN.md "Layout"):
// app → features → sync/db/lib → shared; netlify → src/shared only; build (the Vite plugins) → src/shared only;
// nothing imports server/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const layer = (type, pattern, capture) => ({ type, pattern, ...(capture ? { capture } : {}) });
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const from = (type, ...allowed) => ({ from: { element: { type } }, allow: to(...allowed) });
// The device database's tables (src/db/schema.ts), and the database where code holds it: `db`, `run.db`, `appDb()`.
const DEXIE_TABLES = '/^(drafts|draftFiles|outbox|catalog|submissions|pendingEdits|meta|staffSnapshot)$/';
const theDatabase = (node) =>
  `:matches([${node}.name=/^(db|appDb)$/], [${node}.property.name=/^(db|appDb)$/], [${node}.callee.name=/^(appDb|openAppDb)$/])`;

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.netlify/**', 'coverage/**', 'bench/results/**', 'public/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Screens, hooks, clients and the sync engine read and write the device through src/db's repositories, never a
    // Dexie table or transaction: not `db.outbox`, `run.db.outbox`, `appDb().outbox`, `db.table(…)`, `db.transaction(…)`.
    files: ['src/app/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/sync/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name=${DEXIE_TABLES}]${theDatabase('object')}`,
          message: 'Use a repository from src/db instead of a Dexie table.',
        },
        {
          selector: `CallExpression[callee.property.name='table']${theDatabase('callee.object')}`,
          message: 'Use a repository from src/db instead of a Dexie table.',
        },
        {
          selector: `CallExpression[callee.property.name='transaction']${theDatabase('callee.object')}`,
          message: 'Use a repository from src/db instead of a Dexie transaction.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.ts', 'server/**/*.ts', 'scripts/**/*.ts', 'build/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
      'boundaries/include': ['src/**/*', 'netlify/**/*', 'server/**/*', 'scripts/**/*', 'build/**/*'],
      'boundaries/elements': [
        layer('app', 'src/app/**'),
        layer('feature', 'src/features/*/**', ['feature']),
        layer('sync', 'src/sync/**'),
        layer('db', 'src/db/**'),
        layer('lib', 'src/lib/**'),
        layer('ui', 'src/ui/**'),
        layer('shared', 'src/shared/**'),
        layer('function', 'netlify/functions/**'),
        layer('function-lib', 'netlify/lib/**'),
        layer('server', 'server/**'),
        layer('script', 'scripts/**'),
        layer('build', 'build/**'),
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            from('app', 'app', 'feature', 'sync', 'db', 'lib', 'ui', 'shared'),
            // A feature uses its own modules and the layers below, never another feature.
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            from('feature', 'sync', 'db', 'lib', 'ui', 'shared'),
            // Form pieces every feature's screens share (no data, no rules).
            from('ui', 'ui'),
            from('sync', 'sync', 'db', 'lib', 'shared'),
            from('db', 'db', 'shared'),
            from('lib', 'lib', 'db', 'shared'),
            from('shared', 'shared'),
            from('function', 'function-lib', 'shared'),
            from('function-lib', 'function-lib', 'shared'),
            from('server', 'server', 'shared', 'function-lib'),
            from('script', 'script', 'server', 'shared', 'lib', 'function-lib'),
            from('build', 'build', 'shared'),
          ],
        },
      ],
    },
  },
);
