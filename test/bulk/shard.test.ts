import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../src/core/fnv1a.js';
import { inShard, parseShard, shardOf } from '../../src/bulk/engine/shard.js';
import { UsageError } from '../../src/core/errors.js';

describe('shards', () => {
  it('parses i/n, 1-based', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '3', 'a/b', '1/0', '-1/2']) expect(() => parseShard(bad)).toThrow(UsageError);
  });

  it('is FNV-1a: the same shard on every machine, for ever', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
    expect(shardOf('products', '4000000000000000011', 3)).toBe((fnv1a('products\u00004000000000000000011') % 3) + 1);
  });

  it('puts every object in exactly one of n shards, spread about evenly', () => {
    const n = 3;
    const sizes = [0, 0, 0];
    for (let id = 0; id < 3000; id++) {
      const owners = [1, 2, 3].filter((i) => inShard({ index: i, count: n }, 'products', String(1000 + id)));
      expect(owners).toHaveLength(1);
      sizes[owners[0]! - 1]! += 1;
    }
    for (const size of sizes) expect(size).toBeGreaterThan(850);
  });

  it('takes every row without --shard', () => {
    expect(inShard(undefined, 'products', '1')).toBe(true);
  });
});
