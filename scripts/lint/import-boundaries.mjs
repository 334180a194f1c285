// A lint rule that keeps the import boundaries DESIGN draws between the layers of src/,
// written to ESLint's rule API, which oxlint runs as a JS plugin (.oxlintrc.json).
// A linter's own no-restricted-imports matches the text of a specifier and skips `import()`;
// here every import (static, dynamic, re-export, type-only) is resolved to the file it
// names, so a boundary reads "files here import no files there" at any relative depth,
// and the lazy `await import(...)` the house uses for start-up is held to it too.
// Paths are relative to the project this file is in, so the rule holds wherever the linter
// runs. There is no list of allowed offenders: a boundary holds for every file, or it is redrawn.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `**` spans folders, `*` stays within one; paths are relative to the project, with `/`. */
function globPattern(glob) {
  const source = glob
    .split(/(\*\*\/?|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

const patterns = new Map();
function matches(globs = [], file) {
  return globs.some((glob) => {
    if (!patterns.has(glob)) patterns.set(glob, globPattern(glob));
    return patterns.get(glob).test(file);
  });
}

/** The project file a relative specifier names: sources import `x.js` and the file is `x.ts`. */
function resolvedFile(root, importer, specifier) {
  const absolute = path.resolve(path.dirname(importer), specifier);
  return path.relative(root, absolute).split(path.sep).join('/').replace(/\.js$/, '.ts');
}

/** A bare specifier names `module` itself or one of its subpaths (`undici/lib/...`). */
function namesModule(specifier, modules = []) {
  return modules.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

function literalText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
}

const globList = { type: 'array', items: { type: 'string' } };

/** The project this rule is part of: scripts/lint/ is two folders below it. */
const PROJECT = fileURLToPath(new URL('../..', import.meta.url));

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Files of one layer import nothing the boundary table forbids them (resolved paths and package names).' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { from: globList, except: globList, to: globList, allow: globList, modules: globList, message: { type: 'string' } },
          required: ['from', 'message'],
          additionalProperties: false,
        },
      },
    ],
    messages: { crossed: "'{{target}}' is out of bounds here: {{message}}" },
  },
  create(context) {
    const file = path.relative(PROJECT, context.filename).split(path.sep).join('/');
    const boundaries = (context.options[0] ?? []).filter((boundary) => matches(boundary.from, file) && !matches(boundary.except, file));
    if (boundaries.length === 0) return {};

    function check(sourceNode) {
      const specifier = literalText(sourceNode);
      if (specifier === undefined) return;
      const relative = specifier.startsWith('./') || specifier.startsWith('../');
      const target = relative ? resolvedFile(PROJECT, context.filename, specifier) : specifier;
      for (const boundary of boundaries) {
        const crossed = relative ? matches(boundary.to, target) && !matches(boundary.allow, target) : namesModule(target, boundary.modules);
        if (crossed) context.report({ node: sourceNode, messageId: 'crossed', data: { target, message: boundary.message } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `typeof import('../x.js')` in a type.
      TSImportType: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'house' }, rules: { 'import-boundaries': importBoundaries } };
