// `npm run lint` (part of `npm test`): typescript-eslint's recommended rules (syntax only, no type
// information) and the repo's module boundaries. Why this arrangement: docs/decisions/0046-linting.md;
// the boundaries themselves: docs/decisions/0047-module-doors.md and docs/architecture.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from './tools/lint/index.js';
import workflowRules, { workflowStates } from './tools/lint/workflow-rules.js';

const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const DOOR = 'worker/modules/<module>/index.ts, its door (docs/decisions/0047-module-doors.md)';

/**
 * import-x/no-restricted-paths zones: `target` files may not import `from` files, `except` the
 * listed ones. Globs in `except` match absolute paths, hence the leading `**`.
 */
const zones = [
  // A module imports another module only through that module's door (index.ts). One zone per
  // folder under worker/modules, so a new module is covered the moment it exists.
  ...folders('worker/modules/').map((m) => ({
    target: `worker/modules/${m}/**`,
    from: 'worker/modules/*/**',
    except: [`**/worker/modules/${m}/**`, '**/worker/modules/*/index.ts'],
    message: `Another module is reached only through ${DOOR}.`,
  })),
  // The entries and tools compose modules through their doors; the Workers entry may also use a
  // module's Workers-only door (workers.ts: code that imports cloudflare:*).
  {
    target: ['worker/!(index).ts', 'worker/tools/**'],
    from: 'worker/modules/**',
    except: ['**/worker/modules/*/index.ts'],
    message: `An entry reaches a module only through ${DOOR}.`,
  },
  {
    target: ['worker/index.ts', 'worker/edge/**'],
    from: 'worker/modules/**',
    except: ['**/worker/modules/*/index.ts', '**/worker/modules/*/workers.ts'],
    message: `The Workers entry reaches a module only through ${DOOR} or its workers.ts.`,
  },
  // What many modules use lives below them: platform, shared and db never import a module.
  {
    target: ['worker/platform', 'worker/shared', 'worker/db'],
    from: 'worker/modules',
    message: 'platform/, shared/ and db/ sit below the modules: move the code here, or pass it in.',
  },
  // worker/shared is isomorphic (the SPA imports it): no server code.
  {
    target: 'worker/shared',
    from: ['worker/platform', 'worker/db', 'worker/edge', 'worker/app.ts', 'worker/server.ts'],
    message: 'worker/shared is imported by the browser too: it may not use server code.',
  },
  // The app and its tools never import the tests: what both need lives in worker/ (e.g.
  // worker/tools/hrana-server.ts, which the edge preview and the edge tests (tests/edge) share).
  {
    target: ['worker', 'web'],
    from: 'tests',
    message: 'Production code and tooling never import tests/: move the shared piece under worker/tools.',
  },
  // The SPA reaches the server only through its isomorphic code (@shared) and the doors' types
  // (AppType in worker/app.ts; a module's index.ts): never a module's internal file, platform or db.
  {
    target: ['web/!(functions)/**', 'web/*.{ts,tsx}'],
    from: 'worker/**',
    except: ['**/worker/shared/**', '**/worker/app.ts', '**/worker/modules/*/index.ts'],
    message: 'The SPA imports from worker/ only @shared/* and types from worker/app.ts or a module door.',
  },
  // The Pages Function (web/functions) runs on the server beside the SPA: it uses the two pieces it
  // shares with Node's server (which documents to draw, their headers) and nothing else of worker/.
  {
    target: 'web/functions/**',
    from: 'worker/**',
    except: [
      '**/worker/shared/**',
      '**/worker/platform/served-documents.ts',
      '**/worker/platform/document-headers.ts',
      '**/worker/platform/session-cookies.ts',
    ],
    message: 'The Pages Function uses only worker/platform/served-documents.ts and document-headers.ts.',
  },
  // Web: a feature never imports another feature.
  ...folders('web/features/').map((f) => ({
    target: `web/features/${f}/**`,
    from: 'web/features/*/**',
    except: [`**/web/features/${f}/**`],
    message: 'A feature never imports another feature: move the shared piece to web/components or web/lib.',
  })),
  // Features sit below the shell and the routing, which compose them.
  {
    target: 'web/features',
    from: ['web/shell', 'web/routing', 'web/routes.tsx', 'web/main.tsx'],
    message:
      'A feature may not import the shell or the routing: shared pieces go to web/components or web/lib.',
  },
  // The shell reaches features only through the declared slots (web/routing/slots.ts) and routes.
  {
    target: 'web/shell',
    from: 'web/features',
    message: 'The shell reaches features only through web/routing/slots.ts (or the route tables).',
  },
  // Shared UI and client code know nothing of features, shell or routing.
  {
    target: ['web/components', 'web/lib'],
    from: ['web/features', 'web/shell', 'web/routing', 'web/routes.tsx', 'web/main.tsx'],
    message: 'web/components and web/lib are shared: they may not import features, the shell or the routing.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/dist-server/**',
      'web/dist-profiling/**',
      'data/**',
      '.wrangler/**',
      'test-results/**',
      'screenshots/**',
      'worker/worker-configuration.d.ts',
      // Scratch scripts (git-ignored, e.g. a local walk in Chromium) are not part of the project.
      '**/*.tmp.mjs',
      '**/*.tmp.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files with the parser above (languageOptions.parser), so no
      // 'import-x/parsers' entry: that one would require @typescript-eslint/parser from the root.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.worker.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // `_` names a value that is deliberately ignored (a destructured leftover, an unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // worker/shared runs in the browser too (docs/architecture.md): no server libraries.
    files: ['worker/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(hono|drizzle-orm|@libsql/|@hono/|cloudflare:|node:)',
              message: 'worker/shared is imported by the browser too: no server libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    // A redirect while rendering goes through Redirect, which the server's renderer can see
    // (decision 0306); React Router's <Navigate> would draw nothing there and only warn. A dialog
    // is an AppDialog, not primitives assembled by hand (decision 0469).
    files: ['web/**'],
    ignores: ['web/lib/redirect.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Navigate'],
              message: 'Use Redirect (web/lib/redirect.tsx): a served document must know it redirects.',
            },
            {
              // Every dialog is an AppDialog (decision 0469): title, description, body.
              name: '@/components/ui/dialog',
              importNames: ['Dialog', 'DialogContent', 'DialogHeader', 'DialogTitle', 'DialogDescription'],
              message:
                'Use AppDialog (web/components/ui/dialog.tsx): it gives the dialog its title and description.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA resolves its aliases (@/, @shared/) with its own tsconfig. One resolver per side: a
    // resolver given both tsconfigs kept using the first one it matched.
    files: ['web/**'],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.web.json' })],
    },
  },
  {
    // No import cycles in the app's code. This also catches a cycle between modules: every edge
    // between two modules ends in a door (the zones above) and a door re-exports its module's
    // routes, so module A → B's door → B's files → A's door → A's files is a cycle of files.
    // Tests and benches are left out: nothing imports them, so they close no cycle.
    files: ['worker/**', 'web/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A workflow state is written STATE.X, declared once in worker/shared/workflow.ts (decision
    // 0315); tests and migrations may keep literals (they say what a user or the database sees).
    files: ['worker/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}'],
    ignores: ['worker/shared/workflow.ts'],
    plugins: { workflow: workflowRules },
    rules: {
      'workflow/no-state-literal': [
        'error',
        { states: workflowStates(new URL('./worker/shared/workflow.ts', import.meta.url)) },
      ],
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Tests read loose JSON answers from the API; each assertion checks the shape it needs.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
