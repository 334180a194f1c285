// Where a JSON text stops being JSON, as a line and column. V8's JSON.parse messages quote
// the start of the text ("Unexpected token 'r', "root:*:202"... is not valid JSON"), which
// for a --seed pointed at the wrong file puts that file's first characters (a password
// file's, say) in an error message. The sandbox names the file and the position only; this
// flat scan (no recursion, so no depth limit) finds the position.

/** The string index of the first character that is not valid JSON (text.length: it ends too soon), or -1 when it is valid. */
export function jsonErrorAt(text: string): number {
  type Expect = 'value' | 'valueOrEnd' | 'keyOrEnd' | 'key' | 'colon' | 'commaOrEnd' | 'done';
  const stack: Array<'{' | '['> = [];
  let expect: Expect = 'value';
  let i = 0;
  const after = (): Expect => (stack.length === 0 ? 'done' : 'commaOrEnd');
  for (;;) {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
    if (i >= text.length) return expect === 'done' ? -1 : text.length;
    const c = text[i]!;
    switch (expect) {
      case 'done':
        return i;
      case 'colon':
        if (c !== ':') return i;
        i++;
        expect = 'value';
        continue;
      case 'commaOrEnd': {
        const top = stack[stack.length - 1];
        if (c === ',') {
          i++;
          expect = top === '{' ? 'key' : 'value';
        } else if (c === (top === '{' ? '}' : ']')) {
          i++;
          stack.pop();
          expect = after();
        } else return i;
        continue;
      }
      case 'keyOrEnd':
      case 'key':
        if (expect === 'keyOrEnd' && c === '}') {
          i++;
          stack.pop();
          expect = after();
          continue;
        }
        if (c !== '"') return i;
        i = stringEnd(text, i);
        if (i < 0) return -i - 1;
        expect = 'colon';
        continue;
      case 'valueOrEnd':
      case 'value':
        if (expect === 'valueOrEnd' && c === ']') {
          i++;
          stack.pop();
          expect = after();
          continue;
        }
        if (c === '{' || c === '[') {
          stack.push(c);
          i++;
          expect = c === '{' ? 'keyOrEnd' : 'valueOrEnd';
          continue;
        }
        if (c === '"') {
          i = stringEnd(text, i);
          if (i < 0) return -i - 1;
        } else {
          const end = scalarEnd(text, i);
          if (end === i) return i;
          i = end;
        }
        expect = after();
        continue;
    }
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

function scalarEnd(text: string, at: number): number {
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length;
  NUMBER.lastIndex = at;
  return NUMBER.test(text) ? NUMBER.lastIndex : at;
}

/** The index after the string starting at `at` (a quote), or -(error index) - 1. */
function stringEnd(text: string, at: number): number {
  for (let j = at + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c < 0x20) return -j - 1;
    if (c === 0x5c) {
      const next = text[j + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return -(j + 1) - 1;
        j += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) j += 1;
      else return -(j + 1) - 1;
    }
  }
  return -text.length - 1;
}

/** "line 3, column 7" of a string index, as an editor counts (columns in UTF-16 units, as the text is held). */
export function lineAndColumn(text: string, index: number): string {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return `line ${line}, column ${index - lineStart + 1}`;
}

/** Why `text` is not JSON, without quoting it: "at line 3, column 7", or "it ends too soon (line 9, column 1)"; or "it is empty". */
export function jsonProblem(text: string): string {
  if (text.trim() === '') return 'it is empty';
  const at = jsonErrorAt(text);
  // JSON.parse refused what the scan accepts (not expected): no position rather than a quote.
  if (at < 0) return 'it cannot be parsed';
  if (at >= text.length) return `it ends too soon (${lineAndColumn(text, text.length)})`;
  return `at ${lineAndColumn(text, at)}`;
}

/** Where in a JSON document, as a path: `definitions[3].schemaRule.min.unit`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}
