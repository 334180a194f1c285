// The layers DESIGN draws, checked on the import graph of src/: no cycles, no arrow from a
// lower layer to a higher one (not even a type: there is no list of exceptions), core
// apart from every target (the composition root, src/root, starts the embedded sandbox and
// builds the API), and the sandbox apart (the client reaches it only through its public
// entry, and it imports nothing of the client). The lint's boundary rules say the same per
// import; cycles need the whole graph, hence this test.
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { cycles, importGraph, sourceFiles, type ImportEdge } from './import-graph.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/**
 * The client's layers, low to high: a module imports from its own layer or lower ones. The
 * composition root (src/root) sits above the API and the features it may hand a command,
 * and below the commands, which see its Context; cli.ts calls it.
 */
const LAYERS: Record<string, number> = {
  core: 0,
  'version.ts': 0,
  api: 1,
  bulk: 2,
  webhooks: 2,
  completion: 2,
  product: 2,
  root: 3,
  commands: 4,
  'cli.ts': 5,
  'main.ts': 5,
  // The launcher's answers before the command line loads (bin/store-cli.js), and the code cache it
  // installs for the command line: entries, as main.ts is.
  'quick-answers.ts': 5,
  'compile-cache.ts': 5,
};
const SANDBOX = 'sandbox';
const SANDBOX_ENTRY = 'sandbox/index.ts';

const edges = importGraph(SRC);
const part = (path: string) => path.split('/')[0]!;
const arrow = (edge: ImportEdge) => `${edge.from} -> ${edge.to}`;
const insideSrc = (edge: ImportEdge) => !edge.to.startsWith('..');

describe('the import graph of src/', () => {
  test('is read: every part of the client has a layer', () => {
    expect(edges.length).toBeGreaterThan(500);
    const parts = new Set(
      edges
        .flatMap((e) => [e.from, e.to])
        .filter((p) => !p.startsWith('..') && !p.endsWith('.json'))
        .map(part),
    );
    const unplaced = [...parts].filter((p) => p !== SANDBOX && LAYERS[p] === undefined);
    expect(unplaced, 'give each new part of src/ a layer in test/architecture/layers.test.ts').toEqual([]);
  });

  test('has no cycles', () => {
    expect(cycles(edges)).toEqual([]);
  });

  test('has no arrow from a lower layer to a higher one', () => {
    const upward = edges
      .filter(insideSrc)
      .filter((e) => part(e.from) !== SANDBOX && part(e.to) !== SANDBOX)
      .filter((e) => LAYERS[part(e.from)]! < LAYERS[part(e.to)]!)
      .map(arrow);
    expect(upward).toEqual([]);
  });

  test('keeps src/core below every target: it imports nothing of api/, sandbox/, root/ or commands/, not even a type', () => {
    const out = edges.filter((e) => part(e.from) === 'core' && ['api', SANDBOX, 'root', 'commands'].includes(part(e.to))).map(arrow);
    expect(out).toEqual([]);
  });

  test('keeps the sandbox apart: it imports nothing of the client, the client only its entry', () => {
    const crossing = edges
      .filter(insideSrc)
      .filter((e) => (part(e.from) === SANDBOX) !== (part(e.to) === SANDBOX))
      .filter((e) => part(e.from) === SANDBOX || e.to !== SANDBOX_ENTRY)
      .map(arrow);
    expect(crossing).toEqual([]);
  });
});

// The sandbox is written apart from the client on purpose, so the same name on both sides
// (a product-input.ts, an ApiError) would mislead a reader about which side a file is on.
describe('names on the two sides', () => {
  const files = sourceFiles(SRC).map((p) => relative(SRC, p));
  const sandboxFiles = files.filter((p) => part(p) === SANDBOX);
  const clientFiles = files.filter((p) => part(p) !== SANDBOX);
  const classes = (paths: string[]) =>
    new Set(paths.flatMap((p) => [...readFileSync(join(SRC, p), 'utf8').matchAll(/^export (?:abstract )?class (\w+)/gm)].map((m) => m[1]!)));

  test('no file name of the sandbox is also a file name of the client (index.ts aside)', () => {
    const client = new Set(clientFiles.map((p) => basename(p)));
    expect(sandboxFiles.filter((p) => basename(p) !== 'index.ts' && client.has(basename(p)))).toEqual([]);
  });

  test('no class is exported under the same name on both sides', () => {
    const client = classes(clientFiles);
    expect([...classes(sandboxFiles)].filter((name) => client.has(name))).toEqual([]);
  });
});
