// Bundles src/ into dist/ with esbuild. One bundle with split chunks loads much faster
// than hundreds of small files, and every dynamic import() stays a lazy chunk, so
// `--help` never parses undici, zod or conf (bench/startup measures it).
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';

// commander loads node:child_process (and with it net, dgram...) at import, for
// executable subcommands, which store-cli does not have. It gets a stand-in that loads
// the real module on first use: 2 ms off every start.
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes(`${'/node_modules/commander/'}`) ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

const outdir = new URL('../dist/', import.meta.url).pathname;
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (commander, undici) still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [lazyChildProcessForCommander],
  logLevel: 'warning',
});
