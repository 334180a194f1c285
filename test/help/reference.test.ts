// The manual's command reference, docs/reference.md, is generated from the command tree (npm
// run generate:reference); this fails as soon as a command, flag, summary or example changes
// without regenerating it.
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nouns } from '../../src/commands/index.js';
import { createIO } from '../../src/core/io.js';
import { describeTree } from '../../scripts/help-model.js';
import { FIX, REFERENCE_PATH, renderReference } from '../../scripts/reference-markdown.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

function docs() {
  const quiet = () => {
    const stream = new PassThrough();
    stream.resume();
    return stream;
  };
  const io = createIO({ stdin: quiet(), stdout: quiet(), stderr: quiet(), isStdinTTY: false, isStdoutTTY: false, isStderrTTY: false }, false);
  return describeTree(buildProgram(io, nouns, async () => undefined));
}

const generated = () => renderReference(docs());

describe(`the command reference (${REFERENCE_PATH})`, () => {
  it('is what the command tree generates', () => {
    // One line, so a drift shows where it starts instead of two whole files.
    const want = generated().split('\n');
    const have = read(REFERENCE_PATH).split('\n');
    const at = want.findIndex((line, i) => line !== have[i]);
    const where = at === -1 ? want.length : at;
    expect(
      have.length === want.length && at === -1,
      `${REFERENCE_PATH} is out of date (from line ${where + 1}: expected "${want[where] ?? ''}", found "${have[where] ?? ''}"): ${FIX}`,
    ).toBe(true);
  });

  it('documents every command, each with its usage line and examples', () => {
    const section = generated();
    for (const doc of docs()) {
      if (doc.path === '') continue;
      expect(section).toContain(`\`store-cli ${doc.path}\``);
      if (!doc.leaf) continue;
      expect(section).toContain(`\n${doc.usage}\n`);
      for (const example of doc.examples) expect(section).toContain(`\n${example}\n`);
      for (const option of doc.options) expect(section).toContain(`| \`${option.flags.replace(/\|/g, '\\|')}\` |`);
    }
  });

  it('lists the JSON fields and TSV columns each command declares, as its --help does', () => {
    const section = generated();
    const search = docs().find((doc) => doc.path === 'giftcard search')!;
    expect(search.jsonFields).toContain('lastCharacters');
    expect(search.tsv?.columns[0]).toBe('id');
    for (const doc of docs()) {
      if (doc.jsonFields) expect(section).toContain(`JSON fields: ${doc.jsonFields.map((f) => `\`${f}\``).join(', ')}.`);
      if (doc.tsv) expect(section).toContain(`in this column order: ${doc.tsv.columns.map((c) => `\`${c}\``).join(', ')}.`);
    }
    // A command whose --json takes any field (api) lists none.
    expect(docs().find((doc) => doc.path === 'api')?.jsonFields).toBeUndefined();
  });

  it("is linked from README and from the manual's index", () => {
    expect(read('README.md')).toContain('](docs/reference.md)');
    expect(read('docs/README.md')).toContain('](reference.md)');
  });
});
