// Reads the body of a product create or edit into plain values, one error per bad field,
// each named by its JSON path (`product.variants[1].price`). Only the shape and format of
// each field is judged here; how the fields fit together (options, ids, catalog) is
// assembly.ts's job (draftProduct), which receives the `path` of every item to name it in turn.
import { FieldErrors, invalidField } from '../../http/sandbox-errors.js';
import { AMOUNT_PATTERN } from '../money.js';
import { canonicalId } from '../../state/ids.js';
import { isJsonNumber, isJsonObject, parseJson, type JsonObject } from '../../http/body-json.js';
import {
  AVAILABLE_PATTERN,
  DEFAULT_LOCATION_ID,
  DEFAULT_MARKET_ID,
  DEFAULT_PRODUCT_TYPE,
  DEFAULT_STATUS,
  DEFAULT_VARIANT_PRICE,
  DEFAULT_WEIGHT_UNIT,
  MAX_OPTIONS,
  MAX_TEXT_LENGTH,
  MAX_VARIANTS,
  PRODUCT_STATUSES,
  WEIGHT_PATTERN,
  WEIGHT_UNITS,
  type ProductStatus,
  type WeightUnit,
} from './decisions.js';
import { characterCount, isHttpUrl } from '../text.js';

export interface PositionedInput {
  /** JSON path of the item in the body. */
  path: string;
  /** The position sent, if any: items are ordered by it, then by their place in the array. */
  position?: number;
}

export interface OptionValueInput extends PositionedInput {
  id?: string;
  name: string;
}

export interface OptionInput extends PositionedInput {
  id?: string;
  name: string;
  values: OptionValueInput[];
  /** False when a value was unreadable, so that variants are not judged against a partial list. */
  complete: boolean;
}

export interface ImageInput extends PositionedInput {
  id?: string;
  productId?: string;
  src: string;
}

export interface VariantOptionInput {
  path: string;
  id?: string;
  name: string;
  value: { id?: string; name: string };
}

export interface InventoryInput {
  path: string;
  locationId: string;
  available: string;
}

export interface VariantInput {
  path: string;
  variantId?: string;
  productId?: string;
  sku?: string;
  barcode?: string;
  price: string;
  costPrice?: string;
  compareOfPrice?: string;
  weight?: string;
  weightUnit: WeightUnit;
  inventoryManagement: boolean;
  isDisabled: boolean;
  inventoryQuantities: InventoryInput[];
  options: VariantOptionInput[];
  /** False when an option entry was unreadable. */
  optionsComplete: boolean;
}

export interface MarketAssignInput {
  path: string;
  marketId: string;
  isAssigned: boolean;
}

export interface ProductRequest {
  productId?: string;
  title: string;
  subTitle?: string;
  bodyHtml?: string;
  vendor?: string;
  productType: string;
  status: ProductStatus;
  categoryId?: string;
  collections: Array<{ path: string; id: string }>;
  images: ImageInput[];
  options: OptionInput[];
  optionsComplete: boolean;
  /** Empty when the body sent none: the product then gets one default variant. */
  variants: VariantInput[];
  marketAssigns: MarketAssignInput[];
}

/** A field that is absent or null: both mean "not given". */
function absent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

function readText(errors: FieldErrors, value: unknown, path: string, options: { required?: boolean; max?: number } = {}): string | undefined {
  if (absent(value)) {
    if (options.required) errors.add(path, 'is required');
    return undefined;
  }
  if (typeof value !== 'string') {
    errors.add(path, 'must be a string');
    return undefined;
  }
  const max = options.max ?? MAX_TEXT_LENGTH;
  if (options.required && value.trim() === '') {
    errors.add(path, 'must not be blank');
    return undefined;
  }
  if (characterCount(value) > max) {
    errors.add(path, `must be at most ${max} characters (it has ${characterCount(value)})`);
    return undefined;
  }
  return value;
}

function readHtml(errors: FieldErrors, value: unknown, path: string): string | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'string') return value;
  errors.add(path, 'must be a string of HTML');
  return undefined;
}

/** Ids arrive as JSON strings or numbers; both keep every digit thanks to the lossless parse. */
export function readId(errors: FieldErrors, value: unknown, path: string): string | undefined {
  if (absent(value)) return undefined;
  const text = isJsonNumber(value) ? value.toString() : typeof value === 'string' ? value : null;
  const id = text === null ? null : canonicalId(text);
  if (id === null || id === '0' || id.length > 20) {
    errors.add(path, 'must be a positive numeric id, as a string or a number');
    return undefined;
  }
  return id;
}

function readAmount(errors: FieldErrors, value: unknown, path: string): string | undefined {
  if (absent(value)) return undefined;
  if (isJsonNumber(value)) errors.add(path, 'must be a decimal string such as "19.99", not a JSON number');
  else if (typeof value !== 'string' || !AMOUNT_PATTERN.test(value)) {
    errors.add(path, 'must be a non-negative amount with at most 2 decimal places, such as "19.99"');
  } else return value;
  return undefined;
}

function readWeight(errors: FieldErrors, value: unknown, path: string): string | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'string' && WEIGHT_PATTERN.test(value)) return value;
  errors.add(path, 'must be a non-negative decimal string with at most 3 decimal places, such as "0.25"');
  return undefined;
}

function readEnum<T extends string>(errors: FieldErrors, value: unknown, path: string, allowed: readonly T[], fallback: T): T {
  if (absent(value)) return fallback;
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) errors.add(path, `must be one of ${allowed.join(', ')}`);
  return found ?? fallback;
}

/** Boolean flags are strings on the wire ("true"); a JSON boolean is accepted too. */
function readFlag(errors: FieldErrors, value: unknown, path: string, fallback: boolean): boolean {
  if (absent(value)) return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  errors.add(path, 'must be "true" or "false"');
  return fallback;
}

function readPosition(errors: FieldErrors, value: unknown, path: string): number | undefined {
  if (absent(value)) return undefined;
  const text = isJsonNumber(value) ? value.toString() : typeof value === 'string' ? value : '';
  if (/^[1-9][0-9]{0,5}$/.test(text)) return Number(text);
  errors.add(path, 'must be a positive integer, such as "1"');
  return undefined;
}

export function readAvailable(errors: FieldErrors, value: unknown, path: string): string | undefined {
  if (absent(value)) {
    errors.add(path, 'is required');
    return undefined;
  }
  const text = isJsonNumber(value) ? value.toString() : typeof value === 'string' ? value : '';
  if (AVAILABLE_PATTERN.test(text)) return text === '-0' ? '0' : text;
  errors.add(path, 'must be an integer quantity such as "12" (negative when oversold), at most 9 digits');
  return undefined;
}

/** An optional array: absent or null reads as empty. */
function readList(errors: FieldErrors, value: unknown, path: string): unknown[] {
  if (absent(value)) return [];
  if (Array.isArray(value)) return value;
  errors.add(path, 'must be an array');
  return [];
}

function readObject(errors: FieldErrors, value: unknown, path: string): JsonObject | undefined {
  if (isJsonObject(value)) return value;
  errors.add(path, 'must be an object');
  return undefined;
}

const COLLECTIONS_EXAMPLE = 'such as "[\\"4000000000000000304\\"]"';

/** `collections` is JSON-array text of ids; each id keeps its own path (`product.collections[1]`). */
function readCollections(errors: FieldErrors, value: unknown, path: string): Array<{ path: string; id: string }> {
  if (absent(value)) return [];
  let items: unknown;
  if (typeof value === 'string') {
    try {
      items = parseJson(value);
    } catch {
      items = undefined;
    }
  }
  if (!Array.isArray(items)) {
    errors.add(path, `must be JSON-array text of collection ids, ${COLLECTIONS_EXAMPLE}`);
    return [];
  }
  const ids: Array<{ path: string; id: string }> = [];
  items.forEach((item, index) => {
    const itemPath = `${path}[${index}]`;
    if (absent(item)) errors.add(itemPath, 'must be a collection id');
    const id = readId(errors, item, itemPath);
    // The same collection twice is the same membership: it is kept once.
    if (id !== undefined && !ids.some((seen) => seen.id === id)) ids.push({ path: itemPath, id });
  });
  return ids;
}

function readImage(errors: FieldErrors, value: unknown, path: string): ImageInput | undefined {
  const image = readObject(errors, value, path);
  if (image === undefined) return undefined;
  const id = readId(errors, image.id, `${path}.id`);
  const productId = readId(errors, image.productId, `${path}.productId`);
  const position = readPosition(errors, image.position, `${path}.position`);
  let src: string | undefined;
  if (absent(image.src)) errors.add(`${path}.src`, 'is required');
  else if (typeof image.src !== 'string' || !isHttpUrl(image.src)) errors.add(`${path}.src`, 'must be an absolute http or https URL');
  else src = image.src;
  return {
    path,
    src: src ?? '',
    ...(id === undefined ? {} : { id }),
    ...(productId === undefined ? {} : { productId }),
    ...(position === undefined ? {} : { position }),
  };
}

function readOption(errors: FieldErrors, value: unknown, path: string): OptionInput | undefined {
  const option = readObject(errors, value, path);
  if (option === undefined) return undefined;
  const id = readId(errors, option.id, `${path}.id`);
  const name = readText(errors, option.name, `${path}.name`, { required: true });
  const position = readPosition(errors, option.position, `${path}.position`);
  const values: OptionValueInput[] = [];
  let complete = true;
  const rawValues = option.value;
  if (absent(rawValues) || (Array.isArray(rawValues) && rawValues.length === 0)) {
    errors.add(`${path}.value`, 'must list at least one value, such as [{"name": "Red"}]');
    complete = false;
  } else if (!Array.isArray(rawValues)) {
    errors.add(`${path}.value`, 'must be an array of values, such as [{"name": "Red"}]');
    complete = false;
  } else {
    rawValues.forEach((raw, index) => {
      const valuePath = `${path}.value[${index}]`;
      const item = readObject(errors, raw, valuePath);
      if (item === undefined) {
        complete = false;
        return;
      }
      const valueBefore = errors.count;
      const valueId = readId(errors, item.id, `${valuePath}.id`);
      const valueName = readText(errors, item.name, `${valuePath}.name`, { required: true });
      const valuePosition = readPosition(errors, item.position, `${valuePath}.position`);
      if (valueName === undefined || errors.count > valueBefore) {
        complete = false;
        return;
      }
      values.push({
        path: valuePath,
        name: valueName,
        ...(valueId === undefined ? {} : { id: valueId }),
        ...(valuePosition === undefined ? {} : { position: valuePosition }),
      });
    });
  }
  if (name === undefined) return undefined;
  return { path, name, values, complete, ...(id === undefined ? {} : { id }), ...(position === undefined ? {} : { position }) };
}

function readVariantOption(errors: FieldErrors, value: unknown, path: string): VariantOptionInput | undefined {
  const entry = readObject(errors, value, path);
  if (entry === undefined) return undefined;
  const before = errors.count;
  const id = readId(errors, entry.id, `${path}.id`);
  const name = readText(errors, entry.name, `${path}.name`, { required: true });
  let chosen: { id?: string; name: string } | undefined;
  if (!isJsonObject(entry.value) || typeof entry.value.name !== 'string' || entry.value.name.trim() === '') {
    errors.add(`${path}.value`, 'must be an object naming one value of the option, such as {"name": "Red"}');
  } else {
    const valueId = readId(errors, entry.value.id, `${path}.value.id`);
    chosen = { name: entry.value.name, ...(valueId === undefined ? {} : { id: valueId }) };
  }
  if (name === undefined || chosen === undefined || errors.count > before) return undefined;
  return { path, name, value: chosen, ...(id === undefined ? {} : { id }) };
}

function readInventory(errors: FieldErrors, value: unknown, path: string): InventoryInput | undefined {
  const entry = readObject(errors, value, path);
  if (entry === undefined) return undefined;
  const locationId = readId(errors, entry.locationId, `${path}.locationId`);
  const available = readAvailable(errors, entry.available, `${path}.available`);
  if (available === undefined || (!absent(entry.locationId) && locationId === undefined)) return undefined;
  return { path, locationId: locationId ?? DEFAULT_LOCATION_ID, available };
}

function readVariant(errors: FieldErrors, value: unknown, path: string): VariantInput | undefined {
  const variant = readObject(errors, value, path);
  if (variant === undefined) return undefined;
  const variantId = readId(errors, variant.variantId, `${path}.variantId`);
  const productId = readId(errors, variant.productId, `${path}.productId`);
  const sku = readText(errors, variant.sku, `${path}.sku`);
  const barcode = readText(errors, variant.barcode, `${path}.barcode`);
  const price = readAmount(errors, variant.price, `${path}.price`);
  const costPrice = readAmount(errors, variant.costPrice, `${path}.costPrice`);
  const compareOfPrice = readAmount(errors, variant.compareOfPrice, `${path}.compareOfPrice`);
  const weight = readWeight(errors, variant.weight, `${path}.weight`);
  const weightUnit = readEnum(errors, variant.weightUnit, `${path}.weightUnit`, WEIGHT_UNITS, DEFAULT_WEIGHT_UNIT);
  const inventoryManagement = readFlag(errors, variant.inventoryManagement, `${path}.inventoryManagement`, false);
  const isDisabled = readFlag(errors, variant.isDisabled, `${path}.isDisabled`, false);

  const inventoryPath = `${path}.inventoryQuantities`;
  const inventoryQuantities: InventoryInput[] = absent(variant.inventoryQuantities)
    ? [{ path: inventoryPath, locationId: DEFAULT_LOCATION_ID, available: '0' }]
    : readList(errors, variant.inventoryQuantities, inventoryPath).flatMap((item, index) => readInventory(errors, item, `${inventoryPath}[${index}]`) ?? []);

  const options: VariantOptionInput[] = [];
  let optionsComplete = true;
  readList(errors, variant.options, `${path}.options`).forEach((item, index) => {
    const option = readVariantOption(errors, item, `${path}.options[${index}]`);
    if (option === undefined) optionsComplete = false;
    else options.push(option);
  });

  return {
    path,
    ...(variantId === undefined ? {} : { variantId }),
    ...(productId === undefined ? {} : { productId }),
    ...(sku === undefined ? {} : { sku }),
    ...(barcode === undefined ? {} : { barcode }),
    price: price ?? DEFAULT_VARIANT_PRICE,
    ...(costPrice === undefined ? {} : { costPrice }),
    ...(compareOfPrice === undefined ? {} : { compareOfPrice }),
    ...(weight === undefined ? {} : { weight }),
    weightUnit,
    inventoryManagement,
    isDisabled,
    inventoryQuantities,
    options,
    optionsComplete,
  };
}

function readMarketAssign(errors: FieldErrors, value: unknown, path: string): MarketAssignInput | undefined {
  const entry = readObject(errors, value, path);
  if (entry === undefined) return undefined;
  const marketId = readId(errors, entry.marketId, `${path}.marketId`);
  const isAssigned = readFlag(errors, entry.isAssigned, `${path}.isAssigned`, true);
  if (!absent(entry.marketId) && marketId === undefined) return undefined;
  return { path, marketId: marketId ?? DEFAULT_MARKET_ID, isAssigned };
}

/**
 * Every bad field of the body lands in `errors`; the result holds what could be read, and is
 * only trusted by the caller once `errors` is empty.
 */
export function readProductBody(errors: FieldErrors, body: unknown): ProductRequest {
  if (!isJsonObject(body) || !isJsonObject(body.product)) {
    throw invalidField('product', 'is required: the body must be {"product": {...}}');
  }
  const product = body.product;
  const productId = readId(errors, product.productId, 'product.productId');
  const title = readText(errors, product.title, 'product.title', { required: true });
  const subTitle = readText(errors, product.subTitle, 'product.subTitle');
  const bodyHtml = readHtml(errors, product.bodyHtml, 'product.bodyHtml');
  const vendor = readText(errors, product.vendor, 'product.vendor');
  const productType = readText(errors, product.productType, 'product.productType');
  const status = readEnum(errors, product.status, 'product.status', PRODUCT_STATUSES, DEFAULT_STATUS);
  const categoryId = readId(errors, product.categoryId, 'product.categoryId');
  const collections = readCollections(errors, product.collections, 'product.collections');

  const images = readList(errors, product.images, 'product.images').flatMap((item, index) => readImage(errors, item, `product.images[${index}]`) ?? []);
  let optionsComplete = true;
  const options: OptionInput[] = [];
  readList(errors, product.options, 'product.options').forEach((item, index) => {
    const option = readOption(errors, item, `product.options[${index}]`);
    if (option === undefined || !option.complete) optionsComplete = false;
    if (option !== undefined) options.push(option);
  });
  if (Array.isArray(product.options) && product.options.length > MAX_OPTIONS) {
    errors.add('product.options', `must have at most ${MAX_OPTIONS} options (it has ${product.options.length})`);
  }
  if (Array.isArray(product.variants) && product.variants.length > MAX_VARIANTS) {
    errors.add('product.variants', `must have at most ${MAX_VARIANTS} variants (it has ${product.variants.length})`);
  }
  const variants = readList(errors, product.variants, 'product.variants').flatMap(
    (item, index) => readVariant(errors, item, `product.variants[${index}]`) ?? [],
  );
  const marketAssigns = absent(product.marketAssigns)
    ? [{ path: 'product.marketAssigns', marketId: DEFAULT_MARKET_ID, isAssigned: true }]
    : readList(errors, product.marketAssigns, 'product.marketAssigns').flatMap(
        (item, index) => readMarketAssign(errors, item, `product.marketAssigns[${index}]`) ?? [],
      );

  return {
    ...(productId === undefined ? {} : { productId }),
    title: title ?? '',
    ...(subTitle === undefined ? {} : { subTitle }),
    ...(bodyHtml === undefined ? {} : { bodyHtml }),
    ...(vendor === undefined ? {} : { vendor }),
    productType: productType === undefined || productType.trim() === '' ? DEFAULT_PRODUCT_TYPE : productType,
    status,
    ...(categoryId === undefined ? {} : { categoryId }),
    collections,
    images,
    options,
    optionsComplete,
    variants,
    marketAssigns,
  };
}
