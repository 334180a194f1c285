// `fulfillment list|count|create|update-tracking|cancel|import`: orders' shipments and their
// tracking (About Fulfillment), and a file of tracking numbers in bulk. None is the kit's: each
// takes an order, or reaches a request of its own.
import type { Noun } from '../types.js';
import cancel from './cancel.js';
import count from './count.js';
import create from './create.js';
import importer from './import.js';
import list from './list.js';
import updateTracking from './update-tracking.js';

export const fulfillment: Noun = {
  name: 'fulfillment',
  summary: "Ship orders: list, count, create, change the tracking of and cancel an order's fulfillments; import a file of tracking numbers",
  verbs: [list, count, create, updateTracking, cancel, importer],
};
