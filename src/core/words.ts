// Small pieces of wording shared by the messages of every layer, so that a sentence reads
// the same wherever it is built: a count with its noun, a flag named from a field, a
// message nested inside another one.

/** `1 row`, `3 rows`, `0 rows`: the count and its noun in the right number; `many` when `s` will not do. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${pluralWord(count, one, many)}`;
}

/** The noun alone, in the number that `count` calls for: `field`/`fields`. */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** `initialValue` -> `initial-value`: the flag commander stores under that key. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A sentence set inside another one loses its closing period(s), which the outer one supplies. */
export function stripPeriod(text: string): string {
  return text.replace(/\.+$/, '');
}

/**
 * The candidates nearest to a mistyped `word` (`tittle` -> `title`, `order/create` ->
 * `orders/create`), for a "did you mean": within two edits, or differing only in case or a
 * plural's `s`; the nearest first, at most three.
 */
export function nearest(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const scored = candidates
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => candidate !== word && distance <= Math.min(2, Math.max(1, Math.floor(word.length / 3))));
  return scored
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

/** `a, b or c`: names joined as a sentence lists them. */
export function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Levenshtein distance, a swap of two neighbours counting as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * ` (did you mean productId?)` after an unknown field or column name, or nothing: `id` is
 * taken for the names of ids (`productId`, `variantId`), anything else for a near spelling.
 */
export function didYouMean(name: string, valid: readonly string[]): string {
  const near = name.toLowerCase() === 'id' ? valid.filter((field) => /Id$/.test(field)) : nearest(name, valid);
  return near.length === 0 ? '' : ` (did you mean ${orList(near)}?)`;
}
