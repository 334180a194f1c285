// The wire contract's rules that tie a product's parts together: options and their
// values, each variant's choice of them, the limits. Checked on the product about to be
// sent (built from flags, a file, or an edit), so a violation is named before sending.
// Names compare ignoring case, as the store does: "Red" and "red" are one value.
import { MAX_OPTIONS, MAX_VARIANTS } from './codes.js';
import type { ProductDraft } from './draft.js';

export interface RuleProblem {
  /** JSON path inside the product, e.g. `variants[2].options[0].value.name`. */
  path: string;
  message: string;
}

export function productRuleProblem(product: ProductDraft): RuleProblem | undefined {
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  if (options.length > MAX_OPTIONS) return { path: 'options', message: `a product has at most ${MAX_OPTIONS} options (got ${options.length})` };
  if (variants.length > MAX_VARIANTS) return { path: 'variants', message: `a product has at most ${MAX_VARIANTS} variants (got ${variants.length})` };

  const valuesByOption = new Map<string, Set<string>>();
  for (const [i, option] of options.entries()) {
    if (valuesByOption.has(fold(option.name))) return { path: `options[${i}].name`, message: `option "${option.name}" is given twice` };
    if (option.value.length === 0) return { path: `options[${i}].value`, message: `option "${option.name}" needs at least one value` };
    const values = new Set<string>();
    for (const [j, value] of option.value.entries()) {
      if (values.has(fold(value.name)))
        return { path: `options[${i}].value[${j}].name`, message: `value "${value.name}" is given twice in option "${option.name}"` };
      values.add(fold(value.name));
    }
    valuesByOption.set(fold(option.name), values);
  }

  const seen = new Map<string, number>();
  for (const [i, variant] of variants.entries()) {
    const chosen = new Set<string>();
    for (const [j, choice] of (variant.options ?? []).entries()) {
      const at = `variants[${i}].options[${j}]`;
      const values = valuesByOption.get(fold(choice.name));
      if (!values) {
        const known = options.length === 0 ? 'the product has no options' : `options: ${options.map((o) => o.name).join(', ')}`;
        return { path: `${at}.name`, message: `"${choice.name}" is not an option of the product (${known})` };
      }
      if (chosen.has(fold(choice.name))) return { path: `${at}.name`, message: `option "${choice.name}" is chosen twice` };
      chosen.add(fold(choice.name));
      if (!values.has(fold(choice.value.name))) {
        const names = options.find((o) => fold(o.name) === fold(choice.name))!.value.map((v) => v.name);
        return { path: `${at}.value.name`, message: `"${choice.value.name}" is not a value of option "${choice.name}" (values: ${names.join(', ')})` };
      }
    }
    const key = combinationKey(variant.options ?? []);
    const earlier = seen.get(key);
    if (earlier !== undefined) return { path: `variants[${i}].options`, message: `the same option values as variants[${earlier}]` };
    seen.set(key, i);
  }
  return undefined;
}

/** A variant's option values as one comparable key, whatever order they were listed in. */
export function combinationKey(choices: ReadonlyArray<{ name: string; value: { name: string } }>): string {
  return choices
    .map((c) => JSON.stringify([fold(c.name), fold(c.value.name)]))
    .sort()
    .join('\u0000');
}

export function fold(name: string): string {
  return name.toLowerCase();
}
