// The access scopes a noun's reads and writes need, where the service documents them
// (spec/service-api.md §5, real-store-notes.md): any one of a list suffices. A noun absent
// here has none documented, and the manifest says so (null) rather than guess. Keys are
// command words; the longest that begins a command's path is its entry.
export interface NounScopes {
  read: readonly string[];
  write: readonly string[];
}

export const DOCUMENTED_SCOPES: Readonly<Record<string, NounScopes | null>> = {
  giftcard: { read: ['read_gift_card'], write: ['write_gift_card'] },
  metafield: { read: ['read_metafields'], write: ['write_metafields'] },
  'metafield definition': null,
  category: { read: ['read_products', 'write_products'], write: ['write_products'] },
  collection: { read: ['read_products', 'write_products'], write: ['write_products'] },
  order: { read: ['read_orders'], write: ['write_orders'] },
  // Genstore names only write_discounts, for reads too (a read scope is not readable).
  discount: { read: ['write_discounts'], write: ['write_discounts'] },
  'webhook subscribe': { read: ['write_apps'], write: ['write_apps'] },
  'webhook subscriptions': { read: ['write_apps'], write: ['write_apps'] },
  'webhook unsubscribe': { read: ['write_apps'], write: ['write_apps'] },
  'webhook subscription': { read: ['write_apps'], write: ['write_apps'] },
};

/** The scopes `path` needs (any one of them), or null where none are documented. */
export function scopesOf(path: string, mutates: boolean): readonly string[] | null {
  const words = path.split(' ');
  for (let n = words.length; n > 0; n--) {
    const key = words.slice(0, n).join(' ');
    if (!Object.hasOwn(DOCUMENTED_SCOPES, key)) continue;
    const entry = DOCUMENTED_SCOPES[key];
    return entry === null || entry === undefined ? null : mutates ? entry.write : entry.read;
  }
  return null;
}
