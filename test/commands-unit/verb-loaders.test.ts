// A run that names its noun and a verb of verb-loaders.ts declares that verb alone (src/cli.ts):
// each loader must give the very verb its noun's index lists under that name, and a noun with
// loaders must have one for every verb it lists, or a run naming the missing one would declare
// the whole noun, slower but right. The nouns without loaders are the ones made in one module.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { nouns } from '../../src/commands/index.js';
import type { Verb } from '../../src/commands/types.js';
import { VERB_LOADERS } from '../../src/commands/verb-loaders.js';

const nameOf = (verb: Verb) => verb.register(new Command('noun')).name();

describe('VERB_LOADERS', () => {
  it("load each noun's verbs, every one of them, under their own names", async () => {
    for (const [noun, loaders] of Object.entries(VERB_LOADERS)) {
      const listed = nouns.find((n) => n.name === noun);
      expect(listed, noun).toBeDefined();
      expect(Object.keys(loaders).sort(), noun).toEqual(listed!.verbs.map(nameOf).sort());
      for (const [name, load] of Object.entries(loaders)) {
        const verb = await load();
        expect(
          listed!.verbs.find((v) => nameOf(v) === name),
          `${noun} ${name}`,
        ).toBe(verb);
      }
    }
  });

  it('leave out only the nouns without verbs of their own modules', () => {
    const without = nouns.filter((n) => n.verbs.length > 0 && !Object.hasOwn(VERB_LOADERS, n.name)).map((n) => n.name);
    // mcp, like completion, reads the whole tree: its verbs load with it.
    expect(without.sort()).toEqual(['collection', 'completion', 'file', 'location', 'market', 'mcp', 'page', 'payment', 'shop', 'theme', 'webhook']);
  });
});
