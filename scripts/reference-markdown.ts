// The README's command reference as Markdown, from the help model of the tree. Written into
// README.md by scripts/reference.mjs; test/help/reference.test.ts checks it never drifts.
import type { CommandDoc } from './help-model.js';

export const START = '<!-- reference:start -->';
export const END = '<!-- reference:end -->';
export const FIX = 'run npm run generate:reference';

export function renderReference(docs: readonly CommandDoc[]): string {
  const [program, ...commands] = docs;
  if (!program) throw new Error('the command tree is empty');
  const lines: string[] = [
    '## Command reference',
    '',
    `Generated from the command tree (\`npm run generate:reference\`): the same summaries, options and`,
    'examples as each `--help`. `store-cli help <command...>` prints the full text, with notes on output.',
    '',
    '### Global options of every command',
    '',
    'Every command takes these, before or after its own words.',
    '',
    ...table(program),
  ];
  for (const doc of commands) {
    const name = `store-cli ${doc.path}`;
    lines.push('', `${doc.leaf ? '####' : '###'} \`${name}\``, '', sentence(doc.summary));
    if (!doc.leaf) continue;
    lines.push('', '```', `${doc.usage}`, '```', '', ...table(doc));
    if (doc.examples.length > 0) lines.push('', '```sh', ...doc.examples, '```');
  }
  return `${lines.join('\n').replace(/\n\n\n+/g, '\n\n')}\n`;
}

/** README with the section between the markers replaced; fails when the markers are missing. */
export function spliceReference(readme: string, section: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end < start) throw new Error(`README.md needs the markers ${START} and ${END} around the command reference`);
  return `${readme.slice(0, start + START.length)}\n${section}${readme.slice(end)}`;
}

/** The section as it stands in README, between the markers. */
export function currentReference(readme: string): string | undefined {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  return start === -1 || end < start ? undefined : readme.slice(start + START.length + 1, end);
}

function table(doc: CommandDoc): string[] {
  const rows = [
    ...doc.arguments.map((a) => [`\`${a.term}\``, a.description]),
    ...doc.options.map((o) => [`\`${o.flags}\``, o.description]),
  ];
  if (rows.length === 0) return [];
  return ['| argument or option | meaning |', '| --- | --- |', ...rows.map(([term, text]) => `| ${cell(term!)} | ${cell(text!)} |`)];
}

/** Table cells: no line breaks, pipes escaped, and `<x>` outside code shown, not taken for HTML. */
function cell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '\\<')))
    .join('')
    .replace(/\|/g, '\\|');
}

function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
