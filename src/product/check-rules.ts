import { productRuleProblem } from '../api/products/variant-rules.js';
import type { ProductDraft } from '../api/products/draft.js';
import { UsageError } from '../core/errors.js';

/** The product about to be sent must keep the contract's rules; `what` names where it came from. */
export function checkRules(product: ProductDraft, what: string): void {
  const problem = productRuleProblem(product);
  if (problem) throw new UsageError(`${what}: ${problem.path}: ${problem.message}.`, false);
}
