// A short stable hash: the shard a business object falls in (--shard), the name of an install's
// folder in the code cache.

/** FNV-1a (32-bit) of the UTF-8 bytes: tiny, stable across platforms and versions. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
