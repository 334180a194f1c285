// The words of a `store-cli ...` command as a shell splits them, for tests that parse the
// commands written in --help and in the docs against the live command tree.

/**
 * Shell words of an example, from its `store-cli` to the end of that command: a pipe, a
 * `;` (after a word too: `--yes; fi`) or `&&`, a redirection, a comment, or the `)` closing
 * a `<(...)` or `$(...)`.
 */
export function argvOf(example: string): string[] | undefined {
  const words: string[] = [];
  const pattern = /'([^']*)'|"((?:\\.|[^"\\])*)"|(\|\|?|;|&&|\d?>>?|<(?!\()|#.*)|([^\s;]+)/g;
  for (const match of example.matchAll(pattern)) {
    if (match[3] !== undefined) {
      if (words.includes('store-cli')) break;
      words.length = 0;
      continue;
    }
    let word = match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[4]!;
    if (match[4] !== undefined && /^[<$]\(/.test(word)) {
      words.length = 0;
      word = word.slice(2);
    }
    const closes = match[4] !== undefined && word.endsWith(')') && words.includes('store-cli');
    if (closes) word = word.slice(0, -1);
    if (word !== '') words.push(word);
    if (closes) break;
  }
  const start = words.indexOf('store-cli');
  return start === -1 ? undefined : words.slice(start + 1);
}
