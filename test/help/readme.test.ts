// What a newcomer reads first: README's tour says how `store-cli` becomes a command before
// using it bare, names the embedded sandbox's state file, says how long the tests take, and
// its examples give a product id where a product id goes (not one of the demo gift cards').
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli-spawn.js';
import { demoDocument } from '../../src/sandbox/state/seed.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const demo = demoDocument() as { giftCards: Array<{ id: string }> };

describe('README', () => {
  it('says npx store-cli or npm link before the tour uses a bare store-cli', () => {
    const tour = readme.slice(readme.indexOf('## A short tour'));
    const firstBare = tour.search(/^store-cli /m);
    expect(firstBare).toBeGreaterThan(0);
    expect(tour.slice(0, firstBare)).toMatch(/npm link/);
    expect(tour.slice(0, firstBare)).toMatch(/npx store-cli/);
  });

  it('names the state file --sandbox writes, and how long npm test takes', () => {
    expect(readme).toMatch(/~\/\.local\/share\/store-cli\/sandbox\.json/);
    expect(readme.slice(0, readme.indexOf('## The manual'))).toMatch(/sandbox\.json/);
    expect(readme).toMatch(/npm test .*(about \d+|\d+ to \d+) minutes/);
  });

  it('no example puts a demo gift card id where a product (or any metafield object) id goes', () => {
    const giftCardIds = new Set(demo.giftCards.map((card) => card.id));
    const texts = [
      ['README.md', readme],
      ...readdirSync(join(REPO_ROOT, 'docs')).map((name) => [`docs/${name}`, readFileSync(join(REPO_ROOT, 'docs', name), 'utf8')] as const),
    ] as const;
    const misplaced: string[] = [];
    for (const [name, text] of texts) {
      for (const match of text.matchAll(/(?:metafield \w+ |metafields\/(?:detail\/|count\/)?)(?:products|variants|collections)[ /](\d+)/g)) {
        if (giftCardIds.has(match[1]!)) misplaced.push(`${name}: ${match[0]}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
