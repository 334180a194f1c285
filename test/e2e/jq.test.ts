// --jq in the built binary: jq-wasm stays outside the bundle (it reads its jq.wasm beside its
// own module), is found from dist/, and loads only for --jq.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, isolatedEnv, killLeftovers, removeScratch, requireBuild, run } from '../helpers/cli-spawn.js';

beforeAll(requireBuild);
afterAll(() => {
  killLeftovers();
  removeScratch();
});

const DIST = join(REPO_ROOT, 'dist');

/** The files a module of dist/ imports statically (import ... from, bare import), not by import(). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?\bfrom\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => join(file, '..', s));
}

describe('--jq (built binary)', () => {
  it('runs jq over the JSON of a command and of api', async () => {
    const env = isolatedEnv();
    const ids = await run(['--sandbox', 'giftcard', 'search', '--all', '--jq', '.[] | select(.balance == "0.00") | .id'], { env });
    expect(ids.code, ids.stderr).toBe(0);
    expect(ids.stdout).toMatch(/^\d+\n$/);
    const count = await run(['--sandbox', 'api', 'GET', 'gift_cards/count', '--jq', '.count'], { env });
    expect(count.code, count.stderr).toBe(0);
    expect(count.stdout).toMatch(/^\d+\n$/);
    const bad = await run(['--sandbox', 'giftcard', 'count', '--jq', '.count +'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^error: --jq '\.count \+' failed: syntax error/);
  });

  it('jq-wasm is reached only through a dynamic import: nothing main.js loads statically touches it', () => {
    const chunks = readdirSync(join(DIST, 'chunks')).map((name) => join(DIST, 'chunks', name));
    const importers = chunks.filter((file) => /(?:\bimport\s*\(\s*|\bfrom\s*)["']jq-wasm["']/.test(readFileSync(file, 'utf8')));
    expect(importers).toHaveLength(1);
    const seen = new Set<string>();
    const queue = [join(DIST, 'main.js')];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...staticImports(file));
    }
    expect(seen.size).toBeGreaterThan(1); // the walk follows static imports (precondition)
    expect([...seen]).not.toContain(importers[0]);
  });
});
