// Bundles src/ into dist/ with esbuild. One bundle with split chunks loads much faster
// than hundreds of small files, and every dynamic import() stays a lazy chunk, so
// `--help` never parses undici, zod or conf (bench/startup measures it).
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';

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
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies (commander, undici) still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
