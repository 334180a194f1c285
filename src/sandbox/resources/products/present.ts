// The wire forms of collections and products. Ids and counts are JsonIntegers
// (strings or bare numbers by the sandbox's idsAs); boolean flags and positions are strings,
// as the spec's samples write them. Ids inside JSON-array text (`collections`, `collects`)
// follow idsAs too, so a client that parses that text with doubles breaks visibly.
import { JsonInteger, serializeJson, type IdsAs } from '../../http/body-json.js';
import type { CategoryRecord } from '../categories/record.js';
import type { CollectionRecord, ProductRecord, VariantRecord } from './record.js';
import type { Dialect } from '../../http/dialect.js';
import { COLLECTION_TYPE_CODES, SALES_CHANNEL_CODE } from './decisions.js';

const flag = (value: boolean) => (value ? 'true' : 'false');
const position = (index: number) => String(index + 1);

function idListText(ids: readonly string[], idsAs: IdsAs): string {
  return serializeJson(
    ids.map((id) => new JsonInteger(id)),
    idsAs,
  );
}

/** `productIds`: the products that list this collection, ascending. Its type is a code, written as the dialect writes it. */
export function presentCollection(
  collection: CollectionRecord,
  productIds: readonly string[],
  idsAs: IdsAs,
  dialect: Pick<Dialect, 'collectionForms'>,
): Record<string, unknown> {
  const forms = dialect.collectionForms(COLLECTION_TYPE_CODES[collection.collectionType], collection.published);
  return {
    collectionId: new JsonInteger(collection.collectionId),
    title: collection.title,
    collectionType: forms.collectionType,
    bodyHtml: collection.bodyHtml,
    published: forms.published,
    image: collection.image === undefined ? undefined : { src: collection.image.src },
    collects: idListText(productIds, idsAs),
    countGoodsNum: new JsonInteger(String(productIds.length)),
  };
}

function presentVariant(product: ProductRecord, variant: VariantRecord): Record<string, unknown> {
  return {
    variantId: new JsonInteger(variant.variantId),
    productId: new JsonInteger(product.productId),
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.price,
    costPrice: variant.costPrice,
    compareOfPrice: variant.compareOfPrice,
    weight: variant.weight,
    weightUnit: variant.weightUnit,
    inventoryManagement: flag(variant.inventoryManagement),
    isDisabled: flag(variant.isDisabled),
    inventoryQuantities: variant.inventoryQuantities.map((item) => ({
      locationId: new JsonInteger(item.locationId),
      available: new JsonInteger(item.available),
    })),
    options: product.options.map((option, optionIndex) => {
      const valueIndex = option.values.findIndex((value) => value.id === variant.optionValueIds[optionIndex]);
      const value = option.values[valueIndex];
      return {
        id: new JsonInteger(option.id),
        name: option.name,
        position: position(optionIndex),
        value: value === undefined ? undefined : { id: new JsonInteger(value.id), name: value.name, position: position(valueIndex) },
      };
    }),
  };
}

export interface ProductExtras {
  /** The product's category, for `productCategory` on a single-product read. */
  category: CategoryRecord | undefined;
}

/**
 * The product as create and edit answer it; with `extras` as a single-product read (and
 * webhooks) answer it, with salesChannels and productCategory.
 */
export function presentProduct(product: ProductRecord, idsAs: IdsAs, extras?: ProductExtras): Record<string, unknown> {
  const category = extras?.category;
  return {
    productId: new JsonInteger(product.productId),
    title: product.title,
    subTitle: product.subTitle,
    bodyHtml: product.bodyHtml,
    vendor: product.vendor,
    productType: product.productType,
    status: product.status,
    isMultiVariant: flag(product.variants.length > 1),
    categoryId: product.categoryId === undefined ? undefined : new JsonInteger(product.categoryId),
    collections: idListText(product.collections, idsAs),
    images: product.images.map((image, index) => ({
      id: new JsonInteger(image.id),
      productId: new JsonInteger(product.productId),
      src: image.src,
      position: position(index),
    })),
    options: product.options.map((option, index) => ({
      id: new JsonInteger(option.id),
      name: option.name,
      position: position(index),
      value: option.values.map((value, valueIndex) => ({ id: new JsonInteger(value.id), name: value.name, position: position(valueIndex) })),
    })),
    variants: product.variants.map((variant) => presentVariant(product, variant)),
    marketAssigns: product.marketAssigns.map((assign) => ({ marketId: new JsonInteger(assign.marketId), isAssigned: flag(assign.isAssigned) })),
    ...(extras === undefined
      ? {}
      : {
          salesChannels: [{ salesChannelCode: SALES_CHANNEL_CODE }],
          productCategory: category === undefined ? undefined : { categoryId: new JsonInteger(category.categoryId), categoryName: category.categoryName },
        }),
  };
}
