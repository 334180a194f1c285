// Judges how the fields of a product body fit together (option values that variants
// name, ids sent back on edit, the category and collections it names) and turns a valid
// body into the stored record, giving new items their ids. Items of an edit that carry an
// id keep it; items without one are new; items of the product that the body leaves out
// are gone.
import type { FieldErrors } from '../../http/sandbox-errors.js';
import type { IdGenerator } from '../../state/ids.js';
import type { ImageInput, OptionInput, PositionedInput, ProductRequest, VariantInput } from './input.js';
import type { ProductRecord, VariantRecord } from './record.js';
import { DEFAULT_LOCATION_ID, DEFAULT_MARKET_ID, DEFAULT_VARIANT_PRICE, DEFAULT_WEIGHT_UNIT } from './decisions.js';

export interface DraftContext {
  /** The product being edited; undefined on create. */
  existing: ProductRecord | undefined;
  hasCategory(id: string): boolean;
  hasCollection(id: string): boolean;
  /** A location of the store (locations/), where a variant's stock may be kept. */
  hasLocation(id: string): boolean;
}

interface DraftValue {
  id?: string;
  name: string;
}

interface DraftOption {
  id?: string;
  name: string;
  values: DraftValue[];
}

interface DraftVariant {
  input: VariantInput | undefined;
  /** One value per product option, in option order. */
  values: DraftValue[];
}

const fold = (text: string) => text.toLowerCase();

/** Items ordered by the positions sent, then by their place in the array (a stable sort). */
function ordered<T extends PositionedInput>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, key: item.position ?? index + 1, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ item }) => item);
}

/** Reports an id that is sent twice in one body, naming where it was seen first. */
class SeenIds {
  private readonly paths = new Map<string, string>();

  constructor(private readonly errors: FieldErrors) {}

  /** True the first time an id is seen. */
  first(id: string, path: string): boolean {
    const earlier = this.paths.get(id);
    if (earlier !== undefined) {
      this.errors.add(path, `repeats the id given at ${earlier}`);
      return false;
    }
    this.paths.set(id, path);
    return true;
  }
}

function quoteList(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

function checkProductId(errors: FieldErrors, input: ProductRequest, existing: ProductRecord | undefined): void {
  if (input.productId === undefined) return;
  if (existing === undefined) errors.add('product.productId', 'must not be sent on create: the store assigns product ids');
  else if (input.productId !== existing.productId) {
    errors.add('product.productId', `is ${input.productId}, but the path names the product ${existing.productId}`);
  }
}

function checkOwner(errors: FieldErrors, productId: string | undefined, path: string, existing: ProductRecord | undefined): void {
  if (productId === undefined) return;
  if (existing === undefined) errors.add(path, 'must not be sent on create: the product has no id yet');
  else if (productId !== existing.productId) errors.add(path, `is ${productId}, but this is the product ${existing.productId}`);
}

function checkCatalog(errors: FieldErrors, input: ProductRequest, context: DraftContext): void {
  if (input.categoryId !== undefined && !context.hasCategory(input.categoryId)) {
    errors.add('product.categoryId', 'names no category of this store; find one with GET /category/search');
  }
  for (const { path, id } of input.collections) {
    if (!context.hasCollection(id)) errors.add(path, `names no collection of this store (${id}); find one with GET /collections`);
  }
}

function draftImages(errors: FieldErrors, images: readonly ImageInput[], existing: ProductRecord | undefined): Array<{ id?: string; src: string }> {
  const known = new Set(existing?.images.map((image) => image.id));
  const seen = new SeenIds(errors);
  for (const image of images) {
    checkOwner(errors, image.productId, `${image.path}.productId`, existing);
    if (image.id === undefined || !seen.first(image.id, `${image.path}.id`)) continue;
    if (!known.has(image.id)) errors.add(`${image.path}.id`, 'is not an image of this product; send a new image without an id');
  }
  return ordered(images).map((image) => ({ ...(image.id === undefined ? {} : { id: image.id }), src: image.src }));
}

interface DraftedOptions {
  options: DraftOption[];
  /** False when an option or value id was refused: variants' ids are then not judged against them. */
  idsValid: boolean;
  /** False when two options share a name: variants cannot be judged against them at all. */
  namesValid: boolean;
}

function draftOptions(errors: FieldErrors, options: readonly OptionInput[], existing: ProductRecord | undefined): DraftedOptions {
  let idsValid = true;
  let namesValid = true;
  const known = new Map(existing?.options.map((option) => [option.id, new Set(option.values.map((value) => value.id))]));
  const seenOptions = new SeenIds(errors);
  const seenValues = new SeenIds(errors);
  const names = new Map<string, string>();
  for (const option of options) {
    const earlier = names.get(fold(option.name));
    if (earlier !== undefined) {
      errors.add(`${option.path}.name`, `repeats the option name given at ${earlier} (names are unique ignoring case)`);
      namesValid = false;
    } else names.set(fold(option.name), `${option.path}.name`);

    const knownValues = option.id === undefined ? undefined : known.get(option.id);
    // The values' ids of an option refused by its id are not judged: one error is enough.
    let judgeValueIds = true;
    if (option.id !== undefined && !seenOptions.first(option.id, `${option.path}.id`)) {
      idsValid = judgeValueIds = false;
    } else if (option.id !== undefined && knownValues === undefined) {
      errors.add(`${option.path}.id`, 'is not an option of this product; send a new option without an id');
      idsValid = judgeValueIds = false;
    }
    const valueNames = new Map<string, string>();
    for (const value of option.values) {
      const before = valueNames.get(fold(value.name));
      if (before !== undefined) errors.add(`${value.path}.name`, `repeats the value given at ${before} (values are unique ignoring case)`);
      else valueNames.set(fold(value.name), `${value.path}.name`);
      if (value.id === undefined || !judgeValueIds) continue;
      if (!seenValues.first(value.id, `${value.path}.id`)) idsValid = false;
      else if (knownValues === undefined || !knownValues.has(value.id)) {
        errors.add(`${value.path}.id`, 'is not a value of this option; send a new value without an id');
        idsValid = false;
      }
    }
  }
  const drafted = ordered(options).map((option) => ({
    ...(option.id === undefined ? {} : { id: option.id }),
    name: option.name,
    values: ordered(option.values).map((value) => ({ ...(value.id === undefined ? {} : { id: value.id }), name: value.name })),
  }));
  return { options: drafted, idsValid, namesValid };
}

/** The option value each variant names, one per product option; undefined when it names them badly. */
function resolveVariantValues(errors: FieldErrors, variant: VariantInput, options: readonly DraftOption[], judgeIds: boolean): DraftValue[] | undefined {
  const chosen = new Map<DraftOption, DraftValue>();
  /** Options an entry names, even with a bad value: those are not "missing" as well. */
  const named = new Set<DraftOption>();
  let valid = true;
  for (const entry of variant.options) {
    const option = options.find((candidate) => fold(candidate.name) === fold(entry.name));
    if (option === undefined) {
      const known = options.length === 0 ? 'the product has no options' : `its options are ${quoteList(options.map((item) => item.name))}`;
      errors.add(`${entry.path}.name`, `names no option of this product (${known})`);
      valid = false;
      continue;
    }
    if (named.has(option)) {
      errors.add(`${entry.path}.name`, `names the option "${option.name}" a second time`);
      valid = false;
      continue;
    }
    named.add(option);
    if (judgeIds && entry.id !== undefined && entry.id !== option.id) {
      errors.add(`${entry.path}.id`, `is not the id of the option "${option.name}"`);
      valid = false;
    }
    const value = option.values.find((candidate) => fold(candidate.name) === fold(entry.value.name));
    if (value === undefined) {
      errors.add(
        `${entry.path}.value`,
        `"${entry.value.name}" is not a value of the option "${option.name}" (its values are ${quoteList(option.values.map((item) => item.name))})`,
      );
      valid = false;
      continue;
    }
    if (judgeIds && entry.value.id !== undefined && entry.value.id !== value.id) {
      errors.add(`${entry.path}.value.id`, `is not the id of the value "${value.name}" of the option "${option.name}"`);
      valid = false;
    }
    chosen.set(option, value);
  }
  const missing = options.filter((option) => !named.has(option));
  if (missing.length > 0) {
    errors.add(
      `${variant.path}.options`,
      `must give a value for the option${missing.length > 1 ? 's' : ''} ${quoteList(missing.map((option) => option.name))}`,
    );
    valid = false;
  }
  return valid ? options.map((option) => chosen.get(option) as DraftValue) : undefined;
}

function checkVariantItems(errors: FieldErrors, variant: VariantInput, context: DraftContext, seen: SeenIds): void {
  const { existing } = context;
  checkOwner(errors, variant.productId, `${variant.path}.productId`, existing);
  if (variant.variantId !== undefined && seen.first(variant.variantId, `${variant.path}.variantId`)) {
    if (!existing?.variants.some((known) => known.variantId === variant.variantId)) {
      errors.add(`${variant.path}.variantId`, 'is not a variant of this product; send a new variant without a variantId');
    }
  }
  const locations = new Map<string, string>();
  for (const item of variant.inventoryQuantities) {
    if (!context.hasLocation(item.locationId)) {
      errors.add(`${item.path}.locationId`, `names no location of this store (${item.locationId}); find one with GET /shops/locations`);
      continue;
    }
    const earlier = locations.get(item.locationId);
    if (earlier !== undefined) errors.add(`${item.path}.locationId`, `names the same location as ${earlier}`);
    else locations.set(item.locationId, item.path);
  }
}

function draftVariants(errors: FieldErrors, input: ProductRequest, { options, idsValid, namesValid }: DraftedOptions, context: DraftContext): DraftVariant[] {
  if (input.variants.length === 0) {
    // A product always has a variant: one without options takes each option's first value.
    return [{ input: undefined, values: options.map((option) => option.values[0] as DraftValue) }];
  }
  const seen = new SeenIds(errors);
  const combinations = new Map<string, string>();
  return input.variants.map((variant) => {
    checkVariantItems(errors, variant, context, seen);
    // Options that could not be read whole would make every variant look wrong as well.
    if (!input.optionsComplete || !namesValid || !variant.optionsComplete) return { input: variant, values: [] };
    const values = resolveVariantValues(errors, variant, options, idsValid);
    if (values === undefined) return { input: variant, values: [] };
    const key = JSON.stringify(values.map((value) => fold(value.name)));
    const earlier = combinations.get(key);
    if (earlier !== undefined) {
      const described = options.length === 0 ? 'no options tell them apart' : values.map((value, index) => `${options[index]?.name}: ${value.name}`).join(', ');
      errors.add(`${variant.path}.options`, `has the same option values as ${earlier} (${described})`);
    } else combinations.set(key, variant.path);
    return { input: variant, values };
  });
}

function checkMarkets(errors: FieldErrors, input: ProductRequest): void {
  const markets = new Map<string, string>();
  for (const assign of input.marketAssigns) {
    if (assign.marketId !== DEFAULT_MARKET_ID) {
      errors.add(`${assign.path}.marketId`, `names no market of this store (its one market is ${DEFAULT_MARKET_ID})`);
      continue;
    }
    const earlier = markets.get(assign.marketId);
    if (earlier !== undefined) errors.add(`${assign.path}.marketId`, `names the same market as ${earlier}`);
    else markets.set(assign.marketId, assign.path);
  }
}

function variantRecord(variant: DraftVariant, variantId: string): VariantRecord {
  const input = variant.input;
  const optionValueIds = variant.values.map((value) => value.id as string);
  if (input === undefined) {
    return {
      variantId,
      price: DEFAULT_VARIANT_PRICE,
      weightUnit: DEFAULT_WEIGHT_UNIT,
      inventoryManagement: false,
      isDisabled: false,
      inventoryQuantities: [{ locationId: DEFAULT_LOCATION_ID, available: '0' }],
      optionValueIds,
    };
  }
  return {
    variantId,
    ...(input.sku === undefined ? {} : { sku: input.sku }),
    ...(input.barcode === undefined ? {} : { barcode: input.barcode }),
    price: input.price,
    ...(input.costPrice === undefined ? {} : { costPrice: input.costPrice }),
    ...(input.compareOfPrice === undefined ? {} : { compareOfPrice: input.compareOfPrice }),
    ...(input.weight === undefined ? {} : { weight: input.weight }),
    weightUnit: input.weightUnit,
    inventoryManagement: input.inventoryManagement,
    isDisabled: input.isDisabled,
    inventoryQuantities: input.inventoryQuantities.map((item) => ({ locationId: item.locationId, available: item.available })),
    optionValueIds,
  };
}

/**
 * Adds every problem to `errors` and throws them all at once (400); otherwise returns the
 * record, new ids drawn from `ids` only then, so a refused body uses up none.
 */
export function draftProduct(errors: FieldErrors, input: ProductRequest, context: DraftContext, ids: IdGenerator): ProductRecord {
  const { existing } = context;
  checkProductId(errors, input, existing);
  checkCatalog(errors, input, context);
  const images = draftImages(errors, input.images, existing);
  const drafted = draftOptions(errors, input.options, existing);
  const { options } = drafted;
  const variants = draftVariants(errors, input, drafted, context);
  checkMarkets(errors, input);
  errors.throwIfAny();

  const productId = existing?.productId ?? ids.next();
  for (const option of options) {
    option.id ??= ids.next();
    for (const value of option.values) value.id ??= ids.next();
  }
  return {
    productId,
    title: input.title,
    ...(input.subTitle === undefined ? {} : { subTitle: input.subTitle }),
    ...(input.bodyHtml === undefined ? {} : { bodyHtml: input.bodyHtml }),
    ...(input.vendor === undefined ? {} : { vendor: input.vendor }),
    productType: input.productType,
    status: input.status,
    ...(input.categoryId === undefined ? {} : { categoryId: input.categoryId }),
    collections: input.collections.map((collection) => collection.id),
    options: options.map((option) => ({
      id: option.id as string,
      name: option.name,
      values: option.values.map((value) => ({ id: value.id as string, name: value.name })),
    })),
    variants: variants.map((variant) => variantRecord(variant, variant.input?.variantId ?? ids.next())),
    images: images.map((image) => ({ id: image.id ?? ids.next(), src: image.src })),
    marketAssigns: input.marketAssigns.map((assign) => ({ marketId: assign.marketId, isAssigned: assign.isAssigned })),
  };
}
