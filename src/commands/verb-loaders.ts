// Each verb of the nouns written one verb a file, loaded on its own. A run that names its noun
// and verb (`giftcard count`) declares that verb alone (cli.ts): its noun's index would load
// every sibling with its modules (giftcard import's and export's bulk run, reports and dry
// run), about a fifth of what `giftcard count` read. Keep in step with each noun's index.ts,
// which lists them in help order (a test compares the two). Nouns left out (the kit's, made in
// one module: location, shop...) are declared whole, as before; customer's kit verbs load
// together (customer/kit.ts), without its import's and export's modules.
import type { Verb } from './types.js';

type Loaders = Readonly<Record<string, () => Promise<Verb>>>;

export const VERB_LOADERS: Readonly<Record<string, Loaders>> = {
  auth: {
    login: () => import('./auth/login.js').then((m) => m.default),
    status: () => import('./auth/status.js').then((m) => m.default),
    list: () => import('./auth/list.js').then((m) => m.default),
    switch: () => import('./auth/switch.js').then((m) => m.default),
    token: () => import('./auth/token.js').then((m) => m.default),
    logout: () => import('./auth/logout.js').then((m) => m.default),
  },
  config: {
    get: () => import('./config/get.js').then((m) => m.default),
    set: () => import('./config/set.js').then((m) => m.default),
    unset: () => import('./config/unset.js').then((m) => m.default),
    list: () => import('./config/list.js').then((m) => m.default),
  },
  fulfillment: {
    list: () => import('./fulfillment/list.js').then((m) => m.default),
    count: () => import('./fulfillment/count.js').then((m) => m.default),
    create: () => import('./fulfillment/create.js').then((m) => m.default),
    'update-tracking': () => import('./fulfillment/update-tracking.js').then((m) => m.default),
    cancel: () => import('./fulfillment/cancel.js').then((m) => m.default),
    import: () => import('./fulfillment/import.js').then((m) => m.default),
  },
  customer: {
    list: () => import('./customer/kit.js').then((m) => m.verbs.list!),
    search: () => import('./customer/kit.js').then((m) => m.search),
    get: () => import('./customer/kit.js').then((m) => m.verbs.get!),
    count: () => import('./customer/kit.js').then((m) => m.verbs.count!),
    create: () => import('./customer/kit.js').then((m) => m.verbs.create!),
    update: () => import('./customer/kit.js').then((m) => m.verbs.update!),
    delete: () => import('./customer/kit.js').then((m) => m.verbs.delete!),
    import: () => import('./customer/import.js').then((m) => m.default),
    export: () => import('./customer/export.js').then((m) => m.default),
  },
  discount: {
    list: () => import('./discount/list.js').then((m) => m.default),
    get: () => import('./discount/get.js').then((m) => m.default),
    count: () => import('./discount/count.js').then((m) => m.default),
    create: () => import('./discount/create.js').then((m) => m.default),
    update: () => import('./discount/update.js').then((m) => m.default),
    enable: () => import('./discount/enable.js').then((m) => m.default),
    disable: () => import('./discount/disable.js').then((m) => m.default),
    delete: () => import('./discount/delete.js').then((m) => m.default),
    import: () => import('./discount/import.js').then((m) => m.default),
    export: () => import('./discount/export.js').then((m) => m.default),
  },
  refund: {
    list: () => import('./refund/list.js').then((m) => m.default),
    get: () => import('./refund/get.js').then((m) => m.default),
    create: () => import('./refund/create.js').then((m) => m.default),
  },
  giftcard: {
    create: () => import('./giftcard/create.js').then((m) => m.default),
    update: () => import('./giftcard/update.js').then((m) => m.default),
    disable: () => import('./giftcard/disable.js').then((m) => m.default),
    get: () => import('./giftcard/get.js').then((m) => m.default),
    search: () => import('./giftcard/search.js').then((m) => m.default),
    count: () => import('./giftcard/count.js').then((m) => m.default),
    import: () => import('./giftcard/import.js').then((m) => m.default),
    export: () => import('./giftcard/export.js').then((m) => m.default),
  },
  metafield: {
    set: () => import('./metafield/set.js').then((m) => m.default),
    get: () => import('./metafield/get.js').then((m) => m.default),
    list: () => import('./metafield/list.js').then((m) => m.default),
    count: () => import('./metafield/count.js').then((m) => m.default),
    delete: () => import('./metafield/delete.js').then((m) => m.default),
    import: () => import('./metafield/import.js').then((m) => m.default),
    export: () => import('./metafield/export.js').then((m) => m.default),
  },
  product: {
    list: () => import('./product/list.js').then((m) => m.default),
    count: () => import('./product/count.js').then((m) => m.default),
    create: () => import('./product/create.js').then((m) => m.default),
    get: () => import('./product/get.js').then((m) => m.default),
    edit: () => import('./product/edit.js').then((m) => m.default),
    delete: () => import('./product/delete.js').then((m) => m.default),
    export: () => import('./product/export.js').then((m) => m.default),
    import: () => import('./product/import.js').then((m) => m.default),
  },
  inventory: {
    list: () => import('./inventory/list.js').then((m) => m.default),
    set: () => import('./inventory/set.js').then((m) => m.default),
  },
  order: {
    list: () => import('./order/list.js').then((m) => m.default),
    get: () => import('./order/get.js').then((m) => m.default),
    count: () => import('./order/count.js').then((m) => m.default),
    create: () => import('./order/create.js').then((m) => m.default),
    update: () => import('./order/update.js').then((m) => m.default),
    cancel: () => import('./order/cancel.js').then((m) => m.default),
    export: () => import('./order/export.js').then((m) => m.default),
  },
  category: {
    search: () => import('./category/search.js').then((m) => m.default),
  },
  report: {
    merge: () => import('./report/merge.js').then((m) => m.default),
  },
  sandbox: {
    serve: () => import('./sandbox/serve.js').then((m) => m.default),
    reset: () => import('./sandbox/reset.js').then((m) => m.default),
    export: () => import('./sandbox/export.js').then((m) => m.default),
    import: () => import('./sandbox/import.js').then((m) => m.default),
    logs: () => import('./sandbox/logs.js').then((m) => m.default),
  },
};
