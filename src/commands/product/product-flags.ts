// The flags `product create` and `product edit` share: the product's fields in the API's
// names (kebab-case), the look-ups by name, options and the variant fields. Declaring
// them loads nothing heavy (help is rendered from these).
import { Option, type Command } from 'commander';
import { PRODUCT_STATUSES, WEIGHT_UNITS } from '../../api/product-codes.js';
import { repeatable } from '../types.js';

export type { ProductFlags } from '../../product/flag-change.js';

export function addProductFlags(command: Command, verb: 'create' | 'edit'): Command {
  const fileHelp =
    verb === 'create'
      ? 'the product as JSON (bare or as {"product": ...}); "-" reads stdin. Flags override its fields'
      : 'a partial product as JSON: objects merge, arrays replace (variants by variantId merge); "-" reads stdin';
  return command
    .option('--file <path>', fileHelp)
    .option('--title <text>', `product title, 1..255 characters${verb === 'create' ? ' (required without --file)' : ''}`)
    .option('--sub-title <text>', 'subtitle, at most 255 characters')
    .option('--body-html <html>', 'the description, HTML text')
    .option('--vendor <name>', 'vendor name, at most 255 characters')
    .option('--product-type <type>', 'product type, free text (the store defaults to "normal")')
    .addOption(new Option('--status <status>', 'product status (the store defaults to active)').choices(PRODUCT_STATUSES))
    .option('--category <name|id>', 'category: an id (digits), or a name looked up with category search')
    .option('--collection <name|id>', `collection id or title, looked up with collection list; repeatable${verb === 'edit' ? ' (replaces the list)' : ''}`, repeatable)
    .option('--image <url>', `image address (absolute http/https URL); repeatable, in display order${verb === 'edit' ? ' (replaces the images)' : ''}`, repeatable)
    .option('--option <name=v1,v2>', 'an option as NAME=VALUE,VALUE..., e.g. "Color=Red,Blue"; repeatable (at most 3); one variant per combination, at most 100', repeatable)
    .option('--price <amount>', 'price of every variant, a decimal such as 19.99 (at most 2 decimals)')
    .option('--compare-of-price <amount>', 'compare-at price of every variant, a decimal such as 24.99')
    .option('--cost-price <amount>', 'cost price of every variant, a decimal such as 7.50')
    .option('--sku <sku>', 'SKU, one line of 1..255 characters; with several variants each gets it plus its option values (TEE-RED-S)')
    .option('--barcode <code>', 'barcode, one line of 1..255 characters; only for a product with a single variant')
    .option('--weight <number>', 'weight of every variant, a decimal such as 0.25')
    .addOption(new Option('--weight-unit <unit>', 'unit of --weight').choices(WEIGHT_UNITS))
    .option('--inventory <n>', 'stock available of every variant, a whole number')
    .option('--location-id <id>', 'location of --inventory (default: the store\'s default location)');
}
