// Lints snippets of code as if they were files of the project, with the project's own lint
// configuration (.oxlintrc.json) and house rule (scripts/lint/), in one oxlint run for a
// whole test file: the snippets are written at their paths in a scratch copy of the project,
// whose config and rule are copied byte for byte, so what is proven is what `npm run lint` runs.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scratchDir } from './scratch.js';

const PROJECT = fileURLToPath(new URL('../..', import.meta.url));
const COPIED = ['.oxlintrc.json', 'scripts/lint/import-boundaries.mjs'];
const OXLINT = join(PROJECT, 'node_modules/oxlint/bin/oxlint');

/** A snippet to lint; after `run()`, the messages of the rules asked for. */
export interface Snippet {
  readonly path: string;
  readonly problems: string[];
}

interface Entry {
  path: string;
  code: string;
  problems?: string[];
}

interface Diagnostic {
  message: string;
  code: string;
  filename: string;
}

/**
 * Snippets are added while the test file is collected (`at`), and linted together by `run`
 * (a beforeAll). A path given twice gets a numbered name in its folder (`peek.ts`, `peek-2.ts`):
 * the boundaries match folders; a file named by a boundary itself (src/cli.ts) must be given once.
 */
export function snippetLinter(rules: readonly string[]) {
  const snippets: Entry[] = [];
  return {
    at(path: string, code: string): Snippet {
      const taken = snippets.filter((snippet) => snippet.path.replace(/-\d+\.ts$/, '.ts') === path).length;
      if (taken > 0 && !path.endsWith('/peek.ts')) throw new Error(`${path} is named by a boundary: lint it in one snippet only`);
      const entry: Entry = { path: taken === 0 ? path : path.replace(/\.ts$/, `-${taken + 1}.ts`), code };
      snippets.push(entry);
      return {
        path: entry.path,
        get problems() {
          if (entry.problems === undefined) throw new Error('the snippets are linted in beforeAll(run)');
          return entry.problems;
        },
      };
    },

    async run(): Promise<void> {
      const root = scratchDir('store-cli-lint-');
      for (const file of COPIED) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        copyFileSync(join(PROJECT, file), join(root, file));
      }
      for (const { path, code } of snippets) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), code);
      }
      const report = await promisify(execFile)(process.execPath, [OXLINT, '--format', 'json', ...snippets.map(({ path }) => path)], { cwd: root }).catch(
        // oxlint exits 1 when it finds a problem: its report is on stdout all the same.
        (error: { code?: number; stdout?: string; stderr?: string }) => {
          if (error.code === 1 && error.stdout) return { stdout: error.stdout };
          throw new Error(`oxlint failed: ${error.stderr ?? String(error)}`);
        },
      );
      const { diagnostics, number_of_files } = JSON.parse(report.stdout) as { diagnostics: Diagnostic[]; number_of_files: number };
      // An ignored path would report nothing and prove nothing.
      if (number_of_files !== snippets.length) throw new Error(`oxlint linted ${number_of_files} of ${snippets.length} snippets: some path is ignored`);
      for (const snippet of snippets) {
        snippet.problems = diagnostics
          .filter((diagnostic) => diagnostic.filename === snippet.path && rules.includes(diagnostic.code))
          .map((diagnostic) => diagnostic.message);
      }
    },
  };
}
