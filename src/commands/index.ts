// Every noun of the command tree. Each noun's index lists its verbs.
import { api } from './api/index.js';
import { auth } from './auth/index.js';
import { category } from './category/index.js';
import { collection } from './collection/index.js';
import { report } from './report/index.js';
import { commandsNoun } from './commands/index.js';
import { completion } from './completion/index.js';
import { config } from './config/index.js';
import { customer } from './customer/index.js';
import { discount } from './discount/index.js';
import { doctorNoun } from './doctor/index.js';
import { giftcard } from './giftcard/index.js';
import { inventory } from './inventory/index.js';
import { location } from './location/index.js';
import { market } from './market/index.js';
import { mcpNoun } from './mcp/index.js';
import { page } from './page/index.js';
import { file } from './file/index.js';
import { theme } from './theme/index.js';
import { payment } from './payment/index.js';
import { metafield } from './metafield/index.js';
import { order } from './order/index.js';
import { fulfillment } from './fulfillment/index.js';
import { refund } from './refund/index.js';
import { product } from './product/index.js';
import { runsNoun } from './runs/index.js';
import { undoNoun } from './undo/index.js';
import { sandbox } from './sandbox/index.js';
import { shop } from './shop/index.js';
import { versionNoun } from './version/index.js';
import { initNoun } from './init/index.js';
import { promptNoun } from './prompt/index.js';
import { webhook } from './webhook/index.js';
import type { Noun } from './types.js';

export const nouns: readonly Noun[] = [
  auth,
  config,
  doctorNoun,
  giftcard,
  metafield,
  product,
  category,
  collection,
  location,
  inventory,
  market,
  page,
  file,
  theme,
  shop,
  customer,
  discount,
  order,
  fulfillment,
  payment,
  refund,
  webhook,
  report,
  undoNoun,
  runsNoun,
  sandbox,
  api,
  completion,
  commandsNoun,
  mcpNoun,
  versionNoun,
  initNoun,
  promptNoun,
];
