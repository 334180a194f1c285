// Options and the variants they make: `--option "Color=Red,Blue"` parsed, and one variant
// per combination of values (first option outermost), keeping an existing variant (its
// id, prices, SKU, stock) wherever its combination survives an edit.
import { MAX_OPTIONS, MAX_VARIANTS } from '../api/products/codes.js';
import { cloneJson, type OptionDraft, type OptionValueDraft, type VariantDraft, type VariantOptionDraft } from '../api/products/draft.js';
import { combinationKey, fold } from '../api/products/variant-rules.js';
import { FieldError } from '../core/errors.js';

export interface ParsedOption {
  name: string;
  values: string[];
}

/** `Color=Red, Blue` -> {name: "Color", values: ["Red", "Blue"]}; spaces around names and values are trimmed. */
export function parseOptionFlag(text: string): ParsedOption {
  const equals = text.indexOf('=');
  const name = equals < 0 ? '' : text.slice(0, equals).trim();
  const values =
    equals < 0
      ? []
      : text
          .slice(equals + 1)
          .split(',')
          .map((v) => v.trim());
  if (name === '' || values.length === 0 || values.every((v) => v === '')) {
    throw new FieldError('option', (flag) => `${flag()} must be a name and its values, such as "Color=Red,Blue" (got '${text}').`);
  }
  if (values.includes('')) throw new FieldError('option', (flag) => `${flag()} "${text}" has an empty value: separate values with single commas.`);
  if (name.length > 255 || values.some((v) => v.length > 255))
    throw new FieldError('option', (flag) => `${flag()} "${name}": names and values must be at most 255 characters.`);
  // The store tells values apart ignoring case: "Red" and "red" would be one value.
  const folded = values.map(fold);
  const duplicate = values.find((_, i) => folded.indexOf(folded[i]!) !== i);
  if (duplicate !== undefined) throw new FieldError('option', (flag) => `${flag()} "${name}" lists the value "${duplicate}" twice.`);
  return { name, values };
}

/** Every --option, checked together: at most 3, distinct names, at most 100 combinations. */
export function parseOptionFlags(texts: readonly string[]): ParsedOption[] {
  const options = texts.map(parseOptionFlag);
  if (options.length > MAX_OPTIONS)
    throw new FieldError('option', (flag) => `${flag()} may be given at most ${MAX_OPTIONS} times: a product has at most ${MAX_OPTIONS} options.`);
  const names = options.map((o) => fold(o.name));
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined)
    throw new FieldError(
      'option',
      (flag) => `${flag()} "${options.find((o) => fold(o.name) === twice)!.name}" is given twice: list all its values in one ${flag()}.`,
    );
  const count = options.reduce((product, o) => product * o.values.length, 1);
  if (count > MAX_VARIANTS) {
    throw new FieldError(
      'option',
      (flag) => `${flag()} values make ${count} variants (${options.map((o) => o.values.length).join(' x ')}); a product has at most ${MAX_VARIANTS}.`,
    );
  }
  return options;
}

/** The product's options for the parsed flags; an option or value that already existed (by name, ignoring case) keeps its id. */
export function optionDrafts(parsed: readonly ParsedOption[], existing: readonly OptionDraft[] = []): OptionDraft[] {
  return parsed.map((option, i) => {
    const before = existing.find((o) => fold(o.name) === fold(option.name));
    return {
      name: option.name,
      ...(before?.id !== undefined ? { id: before.id } : {}),
      position: String(i + 1),
      value: option.values.map((name, j) => {
        const value = before?.value.find((v) => fold(v.name) === fold(name));
        return { name, ...(value?.id !== undefined ? { id: value.id } : {}), position: String(j + 1) };
      }),
    };
  });
}

/** Every combination of the options' values, first option outermost, as a variant's `options`. */
export function combinations(options: readonly OptionDraft[]): VariantOptionDraft[][] {
  let result: VariantOptionDraft[][] = [[]];
  for (const option of options) {
    const next: VariantOptionDraft[][] = [];
    for (const prefix of result) {
      for (const value of option.value) next.push([...prefix, choice(option, value)]);
    }
    result = next;
  }
  return options.length === 0 ? [] : result;
}

function choice(option: OptionDraft, value: OptionValueDraft): VariantOptionDraft {
  return {
    name: option.name,
    ...(option.id !== undefined ? { id: option.id } : {}),
    ...(option.position !== undefined ? { position: option.position } : {}),
    value: { ...value },
  };
}

/**
 * One variant per combination. A variant of `existing` with the same combination is kept
 * whole (its id, prices, SKU and stock); a new combination starts from `template`.
 */
export function variantsFor(options: readonly OptionDraft[], existing: readonly VariantDraft[], template: VariantDraft): VariantDraft[] {
  const byKey = new Map<string, VariantDraft>();
  for (const variant of existing) byKey.set(combinationKey(variant.options ?? []), variant);
  return combinations(options).map((choices) => {
    const kept = byKey.get(combinationKey(choices));
    return kept ? { ...kept, options: choices } : { ...cloneJson(template), options: choices };
  });
}

/**
 * What a new variant of an edited product starts from: the first existing variant's
 * prices and weight, without what belongs to that one item (ids, SKU, barcode, stock).
 */
export function variantTemplate(existing: readonly VariantDraft[]): VariantDraft {
  const first = existing[0];
  if (!first) return {};
  const { variantId: _id, productId: _product, sku: _sku, barcode: _barcode, inventoryQuantities: _stock, options: _options, ...rest } = first;
  return cloneJson(rest);
}

/** `TEE` + Red / S -> `TEE-RED-S`: distinct SKUs for the variants of one product. */
export function skuWithSuffix(sku: string, values: readonly string[]): string {
  const parts = values.map((v) =>
    v
      .toUpperCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
  );
  return [sku, ...parts.filter((p) => p !== '')].join('-');
}
