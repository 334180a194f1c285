// The last check of create and edit: the product about to be sent keeps the contract's rules
// (api/products/variant-rules.ts), or the run exits 2 naming where the product came from and the
// JSON path at fault, before the product is sent.
import { productRuleProblem } from '../api/products/variant-rules.js';
import type { ProductDraft } from '../api/products/draft.js';
import { UsageError } from '../core/errors.js';

/** The product about to be sent must keep the contract's rules; `what` names where it came from. */
export function checkRules(product: ProductDraft, what: string): void {
  const problem = productRuleProblem(product);
  if (problem) throw new UsageError(`${what}: ${problem.path}: ${problem.message}.`, false);
}
