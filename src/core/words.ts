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
