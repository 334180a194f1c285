// Lint: typescript-eslint's recommended rules, and the rules of the house DESIGN draws,
// written as import boundaries so a change that breaks one fails `npm test`.
// Formatting is Biome's (`npm run format`; biome.json), not eslint's.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import house from './scripts/lint/import-boundaries.mjs';

/**
 * Files of src/api that know the wire: transport, paths, wrappers (every resource's requests),
 * the spec's product object and its input checks. A resource's schema, field list and
 * closed sets are not: commands read the resources as the schemas type them.
 */
const WIRE_MODULES = [
  'src/api/wire.ts',
  'src/api/schema.ts',
  'src/api/raw-api.ts',
  'src/core/transport.ts',
  'src/api/*/requests.ts',
  'src/api/*/*-requests.ts',
  'src/api/products/checks.ts',
  'src/api/products/draft.ts',
  'src/api/products/variant-rules.ts',
];

/**
 * The client's layers, bottom to top: core, api, the features (bulk, webhooks, completion,
 * product), the composition root (src/root), commands, the program. A layer imports only
 * from the ones below it.
 */
const ABOVE_CORE = [
  'src/api/**',
  'src/bulk/**',
  'src/webhooks/**',
  'src/completion/**',
  'src/product/**',
  'src/root/**',
  'src/commands/**',
  'src/cli.ts',
  'src/main.ts',
];
const ABOVE_API = ABOVE_CORE.slice(1);
const ABOVE_FEATURES = ['src/root/**', 'src/commands/**', 'src/cli.ts', 'src/main.ts'];
const ABOVE_ROOT = ['src/commands/**', 'src/cli.ts', 'src/main.ts'];

const DESIGN_BOUNDARIES = [
  {
    from: ['src/**'],
    // Type declarations of the undici internals src/core/undici.ts loads.
    except: ['src/core/**', 'src/types/undici-internals.d.ts'],
    modules: ['undici'],
    message: 'only src/core talks HTTP; commands reach the store through ctx.api() (DESIGN: Everything through ctx).',
  },
  {
    from: ['src/sandbox/**'],
    to: ['**'],
    allow: ['src/sandbox/**'],
    message: 'the sandbox shares no code with the client: it is an independent implementation (DESIGN).',
  },
  {
    from: ['src/**'],
    except: ['src/sandbox/**'],
    to: ['src/sandbox/**'],
    allow: ['src/sandbox/index.ts'],
    message: 'the client reaches the sandbox only through its public entry, src/sandbox/index.ts.',
  },
  {
    from: ['src/commands/**'],
    to: WIRE_MODULES,
    message: 'wire shapes live only in src/api; commands speak domain objects and send through ctx.api() (DESIGN).',
  },
  {
    from: ['src/commands/**'],
    modules: ['process', 'node:process'],
    message: 'a command reads nothing from the process: io, config and the clock come through ctx (DESIGN).',
  },
  { from: ['src/core/**'], to: ABOVE_CORE, message: 'src/core is the bottom layer: it imports no layer above it.' },
  {
    from: ['src/core/**'],
    // The sandbox's internals are out of every client file's bounds (above); for core its entry is too.
    to: ['src/sandbox/index.ts'],
    message: 'src/core knows no target: the composition root (src/root) starts the embedded sandbox and hands the context its transport.',
  },
  { from: ['src/api/**'], to: ABOVE_API, message: 'src/api sits above src/core only: it imports no layer above it.' },
  {
    from: ['src/bulk/**', 'src/webhooks/**', 'src/completion/**', 'src/product/**'],
    to: ABOVE_FEATURES,
    message: 'bulk, webhooks, completion and product serve the commands: they import no command, nor the composition root, nor the program.',
  },
  {
    from: ['src/root/**'],
    to: ABOVE_ROOT,
    message: 'the composition root builds the context the commands receive: it imports no command nor the program (cli.ts hands it the command tree).',
  },
  { from: ['src/commands/**'], to: ['src/cli.ts', 'src/main.ts'], message: 'commands are registered by the program: they do not import it.' },
  { from: ['src/cli.ts'], to: ['src/main.ts'], message: 'the program does not import its entry point.' },
];

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'completions/', '.bench-tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { house },
    rules: {
      'house/import-boundaries': ['error', DESIGN_BOUNDARIES, { root: import.meta.dirname }],
    },
  },
  {
    rules: {
      // The house omits fields by destructuring them into `_`-named variables.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { varsIgnorePattern: '^_', argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A closure may read a `let` before its one assignment (a server's handler and the server).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['src/commands/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'a command reads nothing from the process: io, config and the clock come through ctx (DESIGN).' },
        { name: 'console', message: 'a command writes through ctx.io: stdout is data, stderr is talk, and tests buffer both (DESIGN).' },
      ],
    },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests read JSON answers loosely and assert on them; a type per answer buys nothing.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // CommonJS by design: bench/peak-rss.cjs is preloaded with `node --require`.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
