// Each noun of the command tree, loaded on its own. A run that names its noun builds only
// that noun's commands (cli.ts): declaring all twelve cost a one-request command about half
// of its start-up. Keep in step with index.ts, which lists them all (a test compares the two);
// completion, commands and mcp have no entry: what they print reads the whole tree.
import type { Noun } from './types.js';

export const NOUN_LOADERS: Readonly<Record<string, () => Promise<Noun>>> = {
  auth: () => import('./auth/index.js').then((m) => m.auth),
  config: () => import('./config/index.js').then((m) => m.config),
  doctor: () => import('./doctor/index.js').then((m) => m.doctorNoun),
  giftcard: () => import('./giftcard/index.js').then((m) => m.giftcard),
  metafield: () => import('./metafield/index.js').then((m) => m.metafield),
  product: () => import('./product/index.js').then((m) => m.product),
  category: () => import('./category/index.js').then((m) => m.category),
  collection: () => import('./collection/index.js').then((m) => m.collection),
  report: () => import('./report/index.js').then((m) => m.report),
  customer: () => import('./customer/index.js').then((m) => m.customer),
  location: () => import('./location/index.js').then((m) => m.location),
  market: () => import('./market/index.js').then((m) => m.market),
  page: () => import('./page/index.js').then((m) => m.page),
  file: () => import('./file/index.js').then((m) => m.file),
  theme: () => import('./theme/index.js').then((m) => m.theme),
  inventory: () => import('./inventory/index.js').then((m) => m.inventory),
  shop: () => import('./shop/index.js').then((m) => m.shop),
  discount: () => import('./discount/index.js').then((m) => m.discount),
  order: () => import('./order/index.js').then((m) => m.order),
  fulfillment: () => import('./fulfillment/index.js').then((m) => m.fulfillment),
  payment: () => import('./payment/index.js').then((m) => m.payment),
  refund: () => import('./refund/index.js').then((m) => m.refund),
  undo: () => import('./undo/index.js').then((m) => m.undoNoun),
  runs: () => import('./runs/index.js').then((m) => m.runsNoun),
  webhook: () => import('./webhook/index.js').then((m) => m.webhook),
  sandbox: () => import('./sandbox/index.js').then((m) => m.sandbox),
  api: () => import('./api/index.js').then((m) => m.api),
  version: () => import('./version/index.js').then((m) => m.versionNoun),
  init: () => import('./init/index.js').then((m) => m.initNoun),
  prompt: () => import('./prompt/index.js').then((m) => m.promptNoun),
};
