// The run's journal as the fulfillment kind tells it (kind.ts's FulfillmentWatch): each create
// recorded (synced) before it is sent, and what it made once the store said.
import type { RunJournal } from '../../runs/run-journal.js';
import type { FulfillmentWatch } from './kind.js';
import type { FulfillmentEntry } from './undo.js';

export function fulfillmentWatch(journal: RunJournal): FulfillmentWatch {
  return {
    beforeCreate: (orderId, trackingNumber) => journal.record([{ kind: 'fulfillment-create', orderId, trackingNumber }] satisfies FulfillmentEntry[]),
    created: (orderId, trackingNumber, made, id) =>
      journal.record([{ kind: 'fulfillment-created', orderId, trackingNumber, made, ...(id !== undefined ? { id } : {}) }] satisfies FulfillmentEntry[]),
  };
}
