// The flags `product create` and `product edit` share: the product's fields in the API's
// names (kebab-case), the look-ups by name, options and the variant fields. Declaring
// them loads nothing heavy (help is rendered from these). The options they give must fit
// the domain's ProductFlags (src/product/flag-change.ts): checkFlags takes them as is.
import { PRODUCT_STATUSES, WEIGHT_UNITS } from '../../api/products/codes.js';
import { list, oneOf, text } from '../verb.js';

export function productFlags(verb: 'create' | 'edit') {
  const fileHelp =
    verb === 'create'
      ? 'the product as JSON (bare or as {"product": ...}); "-" reads stdin. Flags override its fields'
      : 'a partial product as JSON: objects merge, arrays replace (variants by variantId merge); "-" reads stdin';
  return {
    file: text('<path>', fileHelp),
    title: text('<text>', `product title, 1..255 characters${verb === 'create' ? ' (required without --file)' : ''}`),
    subTitle: text('<text>', 'subtitle, at most 255 characters'),
    bodyHtml: text('<html>', 'the description, HTML text'),
    vendor: text('<name>', 'vendor name, at most 255 characters'),
    productType: text('<type>', 'product type, free text (the store defaults to "normal")'),
    status: oneOf('<status>', 'product status (the store defaults to active)', PRODUCT_STATUSES),
    category: text('<name|id>', 'category: an id (digits), or a name looked up with category search'),
    collection: list('<name|id>', `collection id or title, looked up with collection list; repeatable${verb === 'edit' ? ' (replaces the list)' : ''}`),
    image: list('<url>', `image address (absolute http/https URL); repeatable, in display order${verb === 'edit' ? ' (replaces the images)' : ''}`),
    option: list('<name=v1,v2>', 'an option as NAME=VALUE,VALUE..., e.g. "Color=Red,Blue"; repeatable (at most 3); one variant per combination, at most 100'),
    price: text('<amount>', 'price of every variant, a decimal such as 19.99 (at most 2 decimals)'),
    compareOfPrice: text('<amount>', 'compare-at price of every variant, a decimal such as 24.99'),
    costPrice: text('<amount>', 'cost price of every variant, a decimal such as 7.50'),
    sku: text('<sku>', 'SKU, one line of 1..255 characters; with several variants each gets it plus its option values (TEE-RED-S)'),
    barcode: text('<code>', 'barcode, one line of 1..255 characters; only for a product with a single variant'),
    weight: text('<number>', 'weight of every variant, a decimal such as 0.25'),
    weightUnit: oneOf('<unit>', 'unit of --weight', WEIGHT_UNITS),
    inventory: text('<n>', 'stock available of every variant, a whole number'),
    location: text('<name|id>', "location of --inventory: an id, or a name looked up with location list (default: the store's default location)"),
    locationId: text('<id>', 'location of --inventory by id (--location takes a name as well)'),
  };
}
