import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

const SERVER_MODULES = path.join(import.meta.dirname, 'apps/server/src/modules');
/** The server module a file belongs to (modules/<name>/…), or null outside the modules. */
const moduleOf = (file) => {
  const rel = path.relative(SERVER_MODULES, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};

/**
 * A server module has one public face, `modules/<name>/index.ts` (ARCHITECTURE.md, "Modules"):
 * code outside a module imports only that file of it, never another of its files. Its tables are
 * offered apart, in `modules/<name>/schema.ts`, to the database layer only (other modules' tables
 * for foreign keys, repositories for joins).
 */
const moduleFaces = {
  meta: {
    type: 'problem',
    messages: {
      internal:
        "'{{spec}}' is inside the {{target}} module: import what it offers from its face, modules/{{target}}/index.ts.",
      schema:
        "'{{spec}}' holds the {{target}} module's tables: only repositories (*.repo.ts), tables and db/ import it.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = moduleOf(file);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const owner = moduleOf(target);
      if (!owner || owner === here) return;
      if (target === path.join(SERVER_MODULES, owner, 'index.ts')) return;
      // The root composes every module's configuration part (config.ts, config/parts.ts).
      if (
        /\.config\.ts$/.test(target) &&
        file === path.join(import.meta.dirname, 'apps/server/src/config.ts')
      )
        return;
      if (target === path.join(SERVER_MODULES, owner, 'schema.ts')) {
        if (/\.(repo|table)\.ts$/.test(file) || file.includes(`${path.sep}db${path.sep}`)) return;
        context.report({ node: node.source, messageId: 'schema', data: { spec, target: owner } });
        return;
      }
      context.report({ node: node.source, messageId: 'internal', data: { spec, target: owner } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and route handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-imports': ['error', { patterns: ['../../../*'] }],
    },
  },
  {
    // Layering (ARCHITECTURE.md, "How a request flows" 5): in the server only repositories
    // (`*.repo.ts`), table definitions (`*.table.ts`) and db/ touch Drizzle; everything else
    // calls a repository. Tests and their helpers under src/test/ may read and set up rows
    // directly (bench/ lies outside this block). Tables may still be imported for their types.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repo.ts',
      'apps/server/src/**/*.table.ts',
      'apps/server/src/modules/*/schema.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../*'] },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories (*.repo.ts), tables and db/ use Drizzle: call a repository.',
            },
            {
              group: ['**/*.table.ts', '**/schema.ts'],
              allowTypeImports: true,
              message: 'Query tables in a repository (*.repo.ts); import only their types here.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each server module is used through its face (tests, their helpers and db/schema.ts, which
    // gathers every table, aside).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*.proof.ts',
      'apps/server/src/**/testing.ts',
      'apps/server/src/test/**',
      'apps/server/src/db/schema.ts',
    ],
    plugins: { house: { rules: { 'module-faces': moduleFaces } } },
    rules: { 'house/module-faces': 'error' },
  },
  {
    // Repositories take `sql` from db/sql.ts: drizzle's template with its text built once per
    // call site (drizzle builds it again on every run, a sixth of a money write's CPU).
    files: ['apps/server/src/**/*.repo.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              importNames: ['sql'],
              message: 'Import sql from db/sql.ts (the same template, its text kept per call site).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The route contracts type the API client; importing them as values would bundle their zod schemas.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@app/shared/api',
              allowTypeImports: true,
              message: 'Use `import type`: the web takes only types from the route contracts.',
            },
            {
              name: '@app/shared/backoffice-api',
              allowTypeImports: true,
              message: 'Use `import type`: the console takes only types from the route contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
