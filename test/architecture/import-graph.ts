// The import graph of src/, read with regular expressions rather than the compiler: fast,
// no dependency, and exact enough for our own code (imports sit at line starts, dynamic
// imports use string literals). Type-only imports count: a cycle of types is still a
// cycle a reader has to untangle, and an upward type import is still an upward arrow.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased from the build, so it costs nothing at run time. */
  typeOnly: boolean;
}

const STATIC = /^\s*(?:import|export)\s+(type\s+)?[\w*{}\s,$]*?\s*from\s+['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The TypeScript sources under `dir` (declaration files aside), as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Comment lines are dropped so that an example in a comment is not an arrow. */
function code(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
    .join('\n');
}

function specifiers(text: string): Array<{ spec: string; typeOnly: boolean }> {
  const body = code(text);
  return [
    ...[...body.matchAll(STATIC)].map((m) => ({ spec: m[2]!, typeOnly: m[1] !== undefined })),
    ...[BARE, DYNAMIC].flatMap((pattern) => [...body.matchAll(pattern)].map((m) => ({ spec: m[1]!, typeOnly: false }))),
  ];
}

/** Every relative import between files under `root`, as paths relative to `root` (`core/io.ts`). */
export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(root)) {
    for (const { spec, typeOnly } of specifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
      edges.push({ from: relative(root, file), to: relative(root, target), typeOnly });
    }
  }
  return edges;
}

/** Each cycle once, as the list of files along it, found by Tarjan's strongly connected components. */
export function cycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = next.get(node)?.includes(node) ?? false;
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}
