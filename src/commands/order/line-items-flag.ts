// --line-items ID[:QTY],... as fulfillment create and refund create both take it: an order's
// line items, each with an optional quantity (none: all that is left of the line).
import type { ShippedLine } from '../../api/fulfillments/declaration.js';
import { UsageError } from '../../core/errors.js';

/** `6100000000000000009:2,6100000000000000010` as lines; a line without a quantity ships all that is left of it. */
export function parseLines(value: string | undefined): ShippedLine[] {
  if (value === undefined) return [];
  return value.split(',').map((item) => {
    const match = /^\s*(\d+)(?::(\d+))?\s*$/.exec(item);
    const quantity = match?.[2] === undefined ? undefined : Number(match[2]);
    if (!match || (quantity !== undefined && (!Number.isSafeInteger(quantity) || quantity < 1))) {
      throw new UsageError(
        `--line-items takes line item ids, each with an optional :quantity of at least 1, joined by commas, such as 6100000000000000009:2 (got '${item.trim()}'). Nothing was sent.`,
      );
    }
    return quantity === undefined ? { id: match[1]! } : { id: match[1]!, quantity };
  });
}
