// --shard i/n: a deterministic share of the file by business object, so that n jobs
// given the same file split it with no overlap and no gap, whatever machine runs them.
import { FieldError } from '../../core/errors.js';
import { fnv1a } from '../../core/fnv1a.js';

export interface Shard {
  /** 1-based, like jest's and playwright's --shard. */
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new FieldError('shard', (name) => `${name()} must be i/n with 1 <= i <= n (like 2/3), not "${text}".`);
  }
  return { index, count };
}

/**
 * The shard (1-based) a business object belongs to. Rows are placed by their cells as
 * written, before any check, so a bad row is reported by exactly one job too.
 */
export function shardOf(domain: string, bizId: string, count: number): number {
  return shardOfKey(`${domain}\u0000${bizId}`, count);
}

export function inShard(shard: Shard | undefined, domain: string, bizId: string): boolean {
  return shard === undefined || shardOf(domain, bizId, shard.count) === shard.index;
}

/** The shard of a row kind's key (a metafield's object, a gift card's code). */
export function shardOfKey(key: string, count: number): number {
  return (fnv1a(key) % count) + 1;
}

export function inShardOfKey(shard: Shard | undefined, key: string): boolean {
  return shard === undefined || shardOfKey(key, shard.count) === shard.index;
}
