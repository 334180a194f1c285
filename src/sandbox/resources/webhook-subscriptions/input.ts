import { FieldErrors, malformedBody } from '../../http/sandbox-errors.js';
import { isJsonObject } from '../../http/body-json.js';
import { isHttpUrl } from '../text.js';
import { MAX_ADDRESS_LENGTH } from './topics.js';

export interface SubscriptionInput {
  address?: string;
  topic?: string;
}

/** `{"webhook": {address, topic, format?}}`; on create both are required, on update at least one. `topics`: those the dialect takes. */
export function readInput(body: unknown, creating: boolean, topics: readonly string[]): SubscriptionInput {
  if (!isJsonObject(body) || !isJsonObject(body.webhook)) {
    throw malformedBody('The body must be a JSON object {"webhook": {"address": ..., "topic": ...}}.');
  }
  const fields = body.webhook;
  const errors = new FieldErrors();
  const input: SubscriptionInput = {};
  const { address, topic, format } = fields;
  if (address === undefined || address === null) {
    if (creating) errors.add('webhook.address', 'is required');
  } else if (typeof address !== 'string' || !isHttpUrl(address)) errors.add('webhook.address', 'must be an absolute http or https URL');
  else if (address.length > MAX_ADDRESS_LENGTH) errors.add('webhook.address', `must be at most ${MAX_ADDRESS_LENGTH} characters`);
  else input.address = address;
  if (topic === undefined || topic === null) {
    if (creating) errors.add('webhook.topic', 'is required');
  } else if (typeof topic !== 'string' || !topics.includes(topic)) errors.add('webhook.topic', `must be one of ${topics.join(', ')}`);
  else input.topic = topic;
  if (format !== undefined && format !== null && format !== 'json') errors.add('webhook.format', 'must be json (the only format deliveries have)');
  if (!creating && errors.empty && input.address === undefined && input.topic === undefined) errors.add('webhook', 'must change address or topic');
  errors.throwIfAny();
  return input;
}
