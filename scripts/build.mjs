// Bundles src/ into dist/ with esbuild (and the command line's chunks again with rolldown, below).
// One bundle with split chunks loads much faster than hundreds of small files, and every dynamic
// import() stays a lazy chunk, so `--help` never parses undici, zod or conf (bench/startup
// measures it).
import { build } from 'esbuild';
import { rolldown } from 'rolldown';
import { runSource } from './run-source.mjs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { emitSandboxTypes } from './sandbox-types.mjs';

/**
 * A stand-in for the built-in `builtin` where a module of `pkg` requires it: `contents` (a
 * CommonJS module, which may itself be a function of the build, async) in place of the real
 * one, which the stand-in loads on first use. Other importers get the real module.
 */
function lazyBuiltin(builtin, pkg, contents) {
  const namespace = `lazy-${builtin}`;
  return {
    name: `lazy-${builtin}-for-${pkg}`,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(node:)?${builtin}$`) }, (args) =>
        args.importer.includes(`/node_modules/${pkg}/`) ? { path: builtin, namespace } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace }, async () => ({ contents: typeof contents === 'function' ? await contents() : contents, loader: 'js' }));
    },
  };
}

// commander loads node:child_process (and with it net, dgram...) at import, for
// executable subcommands, which store-cli does not have: 2 ms off every start.
const lazyChildProcessForCommander = lazyBuiltin(
  'child_process',
  'commander',
  "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
);

// undici's HTTP/2 client (dispatcher/client-h2.js, loaded with every Client) requires
// node:http2 at import, and with it tls and crypto: the largest built-in a request loads,
// for a protocol store-cli never asks for (no allowH2). At import it reads only
// http2.constants, which the build copies from this node (fixed numbers and header names).
const lazyHttp2ForUndici = lazyBuiltin('http2', 'undici', async () => {
  const { constants } = await import('node:http2');
  return `const constants = ${JSON.stringify(constants)};\nmodule.exports = new Proxy({}, { get: (_, key) => (key === 'constants' ? constants : require('node:http2')[key]) });`;
});

// undici calls assert(condition) throughout, and requires node:assert in every module: the
// stand-in checks the condition itself and loads the real module only to throw (or for any
// other member), which a working request never does.
const lazyAssertForUndici = lazyBuiltin(
  'assert',
  'undici',
  "const assert = (...args) => { if (!args[0]) require('node:assert')(...args); };\nmodule.exports = new Proxy(assert, { get: (_, key) => require('node:assert')[key] });",
);

// Two of undici's modules are bundled for cases store-cli never meets, yet parsed on every
// request: llhttp's plain WebAssembly (the fallback where SIMD is missing; 72 kB of base64)
// and the fetch body code (web/fetch/*, for FormData bodies: we send JSON text). They stay
// in node_modules/undici, required from there on first use: 130 kB less read at start-up.
const UNDICI_LEFT_IN_NODE_MODULES = /^\.\.\/(llhttp\/llhttp-wasm|web\/fetch\/body)\.js$/;
const rareUndiciFromNodeModules = {
  name: 'rare-undici-from-node-modules',
  setup(build) {
    build.onResolve({ filter: UNDICI_LEFT_IN_NODE_MODULES }, (args) =>
      args.importer.includes(`${'/node_modules/undici/lib/dispatcher/'}`) ? { path: `undici/lib/${args.path.slice(3)}`, external: true } : undefined,
    );
  },
};

// `import process from 'node:process'` (env-paths, conf, ora...) makes node build an ES
// module facade of the process object, reading every property, which creates
// process.stdin: 7 ms, on every command that touches a path. The global is the same object.
// A stand-in of its own for each importer: one shared by all would be a file of its own
// (a chunk of one line) that every command touching a path reads.
const processGlobal = {
  name: 'process-global',
  setup(build) {
    build.onResolve({ filter: /^(node:)?process$/ }, (args) =>
      args.kind === 'import-statement' ? { path: args.importer, namespace: 'process-global' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'process-global' }, () => ({ contents: 'export default globalThis.process;', loader: 'js' }));
  },
};

/** What quick.cjs requires only for one answer (its file: its module under src/), each built beside it, not in its own text. */
const QUICK_APART = { prompt: 'core/prompt-line', complete: 'completion/complete' };
const quickApart = {
  name: 'quick-apart',
  setup(build) {
    const files = new Map(Object.entries(QUICK_APART).map(([file, module]) => [`./${module}.js`, `./${file}.cjs`]));
    build.onResolve({ filter: /^\.\// }, (args) =>
      args.importer.endsWith('quick-answers.ts') && files.has(args.path) ? { path: files.get(args.path), external: true } : undefined,
    );
  },
};

/**
 * Rolldown reads each of esbuild's chunks with its source map (esbuild writes it beside the chunk),
 * so that the maps of dist/cli lead back to src/ through both steps: --verbose stack traces name
 * src/ lines.
 */
const withSourceMaps = {
  name: 'with-source-maps',
  async load(id) {
    const code = await readFile(id, 'utf8');
    const map = await readFile(`${id}.map`, 'utf8').catch(() => undefined);
    return { code: code.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n'), ...(map === undefined ? {} : { map }) };
  },
};

const outdir = new URL('../dist/', import.meta.url).pathname;
await rm(outdir, { recursive: true, force: true });
// The sandbox package's declarations, the longest step, beside the bundles (scripts/sandbox-types.mjs).
const sandboxTypes = emitSandboxTypes(outdir);

/** What every bundle of dist/ shares. */
const bundled = {
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // dist/**/*.js.map, each named by its chunk's sourceMappingURL comment: --verbose turns
  // Node's source maps on (bin/store-cli.js) so stack traces name src/**/*.ts lines. Without
  // it the comment is never followed and no map is read. Mappings only: the sources stay out.
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
};

/** ES modules split into chunks: every dynamic import() its own lazily loaded file. */
const esm = { format: 'esm', splitting: true };

// The command line (bin/store-cli.js requires dist/cli/main.js) is CommonJS, made in two steps.
// esbuild splits the sources as ES modules, in a scratch folder: every import() a lazily loaded
// chunk. Its chunks are cut by which entries reach a module, so a module every command loads but
// some lazy chunk imports too gets a file of its own: `giftcard count` loaded 41 files, 0.3 ms of
// finding, reading and caching apiece. Rolldown then chunks those files again as Rollup does,
// leaving out of a lazy chunk what the chunks that import it have loaded already (16 files for
// `giftcard count`), and writes them as CommonJS: an import() becomes a require() run when it is
// reached, so lazy chunks stay lazy. Node 20 loads the files of a request faster as CommonJS: no
// URL resolution, module jobs or linking, and its compiler can keep a code cache of them
// (src/compile-cache.ts). The `store-cli/sandbox` export, built below, stays an ES module beside
// its CommonJS twin.
const esmDir = await mkdtemp(join(tmpdir(), 'store-cli-build-'));
try {
  await build({
    ...bundled,
    ...esm,
    outdir: esmDir,
    entryPoints: { main: 'src/main.ts' },
    minify: true,
    chunkNames: 'chunks/[name]-[hash]',
    // jq-wasm finds its jq.wasm beside its own module file: it stays in node_modules, required
    // (lazily, for --jq only) from there.
    external: ['jq-wasm'],
    plugins: [lazyChildProcessForCommander, lazyHttp2ForUndici, lazyAssertForUndici, rareUndiciFromNodeModules, processGlobal],
  });
  const chunked = await rolldown({
    input: join(esmDir, 'main.js'),
    platform: 'node',
    // What esbuild left outside its chunks (node's modules, jq-wasm): required at run time.
    external: (id) => !id.startsWith('.') && !isAbsolute(id),
    plugins: [withSourceMaps],
  });
  try {
    await chunked.write({
      dir: join(outdir, 'cli'),
      format: 'cjs',
      entryFileNames: '[name].js',
      // Named as esbuild named them, less its hash: rolldown's names the content.
      chunkFileNames: ({ name }) => `chunks/${name.replace(/-[A-Z0-9]{8}$/, '')}-[hash].js`,
      dynamicImportInCjs: false,
      minify: true,
      sourcemap: true,
      sourcemapExcludeSources: true,
    });
  } finally {
    await chunked.close();
  }
} finally {
  await rm(esmDir, { recursive: true, force: true });
}
// dist/ also holds the sandbox's ES modules (package.json's "type": "module"): dist/cli is CommonJS.
await writeFile(
  join(outdir, 'cli', 'package.json'),
  `${JSON.stringify({ '//': 'The command line is CommonJS (scripts/build.mjs).', type: 'commonjs' }, null, 2)}\n`,
);

// What the launcher answers before the command line loads (bin/store-cli.js): `--version` and the
// rendered --help texts, one small CommonJS file that needs only node:fs and node:path; and
// `prompt` and `__complete`, whose readers (the config, store.toml) are files of their own,
// prompt.cjs and complete.cjs, each required only for its answer.
await build({
  ...bundled,
  entryPoints: {
    quick: 'src/quick-answers.ts',
    ...Object.fromEntries(Object.entries(QUICK_APART).map(([file, module]) => [file, `src/${module}.ts`])),
    // What the launcher installs before it requires dist/cli/main.js (src/compile-cache.ts).
    'compile-cache': 'src/compile-cache.ts',
  },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  minify: true,
  // import() as require(): a dynamic import would start the ES module loader, the cost this avoids.
  supported: { 'dynamic-import': false },
  plugins: [quickApart],
});

// `store-cli/sandbox` (package.json "exports" ./sandbox) runs inside a user's test suite, where
// its errors and stack traces are read by people: the classes keep their names
// (`SandboxUsageError`, not `a`: keepNames) and the code its names and lines, so a stack
// reads without a source map. Syntax is still minified; identifiers and whitespace are not.
const readable = { keepNames: true, minifySyntax: true, minifyIdentifiers: false, minifyWhitespace: false };

// `import ... from 'store-cli/sandbox'`: its own build (the CLI's stays fully minified), its
// server and resources split into chunks loaded when a sandbox starts.
await build({
  ...bundled,
  ...esm,
  ...readable,
  entryPoints: { sandbox: 'src/sandbox/package.ts' },
  chunkNames: 'chunks/sandbox-[name]-[hash]',
  plugins: [processGlobal],
});

// `require('store-cli/sandbox')` (package.json "exports" ./sandbox "require"): the same entry as
// one CommonJS bundle, for a test suite that is not ES modules. No chunks: CommonJS loads what
// it needs at once, and the sandbox needs nearly all of itself when it starts.
await build({
  ...bundled,
  ...readable,
  entryPoints: { sandbox: 'src/sandbox/package.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  plugins: [processGlobal],
});

// Every command's --help text, rendered once here by the program itself, so that main.ts can
// answer `store-cli ... --help` without loading commander (like --version), from one file a
// noun (dist/help/<noun>.json; the root's text in dist/help/root.json): a command's --help
// parses its own noun's texts, not all 400 kB of them. A test checks that each text still
// equals what commander prints.
const texts = await runSource(`
      import { PassThrough } from 'node:stream';
      import { buildProgram, runCli } from './src/cli.ts';
      import { nouns } from './src/commands/index.ts';
      import { createIO } from './src/core/io.ts';
      const quiet = () => { const s = new PassThrough(); s.resume(); return s; };
      const streams = () => ({ stdin: quiet(), stdout: new PassThrough(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false });
      const paths = [[]];
      const walk = (command, prefix) => {
        for (const sub of command.commands) {
          if (sub.name() === 'help') continue;
          paths.push([...prefix, sub.name()]);
          walk(sub, [...prefix, sub.name()]);
        }
      };
      walk(buildProgram(createIO(streams(), false), nouns, async () => {}), []);
      const texts = {};
      for (const path of paths) {
        const s = streams();
        const chunks = [];
        s.stdout.on('data', (c) => chunks.push(c));
        await runCli([...path, '--help'], { streams: s, env: {} });
        texts[path.join(' ')] = Buffer.concat(chunks).toString('utf8');
      }
      process.stdout.write(JSON.stringify(texts));
    `);
await writeHelpFiles(JSON.parse(texts));

await sandboxTypes;

/** `texts` (command path: text) as one JSON file a noun, each holding its noun's commands, and root.json the root's. */
async function writeHelpFiles(texts) {
  const byFile = new Map();
  for (const [path, text] of Object.entries(texts)) {
    const noun = path.split(' ')[0];
    if (noun === 'root') throw new Error("A noun named 'root' would share its help file with the root's: rename one (src/quick-answers.ts ROOT_HELP).");
    const file = noun === '' ? 'root' : noun;
    byFile.set(file, { ...byFile.get(file), [path]: text });
  }
  const dir = new URL('../dist/help/', import.meta.url);
  await mkdir(dir, { recursive: true });
  for (const [file, ofFile] of byFile) await writeFile(new URL(`${file}.json`, dir), JSON.stringify(ofFile));
}
