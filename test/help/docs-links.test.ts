// README.md and the manual under docs/ link into each other by relative paths and #anchors;
// a section renamed or moved must not leave a link pointing nowhere. Anchors are computed as
// GitHub renders them (so a link that works here works on the repository's page).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const DOCS = join(ROOT, 'docs');
const pages = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];
const read = (file: string) => readFileSync(file, 'utf8');

/** The text outside fenced code blocks and inline code spans, where links and headings live. */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line.replace(/`[^`\n]*`/g, (code) => code.replace(/[[\]()]/g, ' '));
    })
    .join('\n');
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    for (const [, id] of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) ids.add(id!);
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]*)\)/g)].map((m) => m[1]!);
}

/** What is wrong with one link of `file`, or undefined when it resolves. */
function problem(file: string, target: string): string | undefined {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return undefined; // https:, mailto:: not ours to check
  const [path = '', anchor] = target.split('#');
  const into = path === '' ? file : join(dirname(file), decodeURIComponent(path));
  if (!existsSync(into)) return `${path} does not exist`;
  if (anchor === undefined) return undefined;
  if (!into.endsWith('.md')) return `#${anchor} on a file that is not Markdown`;
  return anchors(read(into)).has(anchor) ? undefined : `${relative(ROOT, into)} has no heading #${anchor}`;
}

describe('the manual (README.md and docs/)', () => {
  it('has no link that points nowhere', () => {
    const broken = pages.flatMap((file) =>
      links(read(file)).flatMap((target) => {
        const why = problem(file, target);
        return why === undefined ? [] : [`${relative(ROOT, file)}: (${target}): ${why}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('lists every page of docs/ in its index, docs/README.md', () => {
    const listed = new Set(links(read(join(DOCS, 'README.md'))).map((target) => target.split('#')[0]));
    const pagesOfDocs = readdirSync(DOCS).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(pagesOfDocs.filter((page) => !listed.has(page))).toEqual([]);
  });

  it('opens README with the two commands, and keeps it short', () => {
    const readme = read(join(ROOT, 'README.md'));
    const opening = readme.split('\n').slice(0, 40).join('\n');
    expect(opening).toContain('npx store-cli --sandbox');
    expect(opening).toContain('npm install && npm test');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
  });

  it('computes anchors as GitHub does', () => {
    const ids = anchors('# The JSON file (`--file`)\n## Rate limits, concurrency, retries\n## Exit codes\n### Exit codes\n```\n# not a heading\n```\n');
    expect([...ids]).toEqual(['the-json-file---file', 'rate-limits-concurrency-retries', 'exit-codes', 'exit-codes-1']);
  });
});
