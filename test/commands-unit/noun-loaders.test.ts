// A run that names its noun declares only that noun (src/cli.ts): each loader must give the
// very noun the whole tree lists, and every noun but completion, commands and mcp (whose output
// reads the whole tree) must have one, or a run naming it would build the whole tree, slower but right.
import { describe, expect, it } from 'vitest';
import { nouns } from '../../src/commands/index.js';
import { NOUN_LOADERS } from '../../src/commands/noun-loaders.js';

describe('NOUN_LOADERS', () => {
  it('load the nouns of the whole tree, each under its own name; completion, commands and mcp are not among them', async () => {
    const loaded = await Promise.all(Object.entries(NOUN_LOADERS).map(async ([name, load]) => [name, await load()] as const));
    for (const [name, noun] of loaded) {
      expect(noun.name).toBe(name);
      expect(nouns).toContain(noun);
    }
    expect(nouns.map((n) => n.name).filter((name) => !Object.hasOwn(NOUN_LOADERS, name))).toEqual(['completion', 'commands', 'mcp']);
  });
});
