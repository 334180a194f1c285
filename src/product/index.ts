// The product feature, one lazy entry point for the product verbs: they parse their
// flags, call these, and hand what comes back to the exporter (commands/product/view.ts).
// Between the commands and src/api: it speaks the API through `Api`, never a path.
export { checkProductId } from '../api/products/checks.js';
export { idText, variantTitle, type VariantDraft } from '../api/products/draft.js';
export { productLinks, type ProductLinks } from '../api/products/wire.js';
export type { Product } from '../api/products/schema.js';
export { createProduct, draftToCreate, type CreateDraft, type Creation } from './create.js';
export type { Change } from './diff.js';
export { planEdit, type EditPlan } from './edit.js';
export { readProductFile, type ProductFile } from './file.js';
export { changesSomething, checkFlags, type FlagChange, type ProductFlags } from './flag-change.js';
export { asRead, linkNames, type LinkNames } from './names.js';
export { countProducts, listProducts, resolveFilter, type ProductFilter, type ResolvedFilter } from './list.js';
export { locate } from './stock.js';
