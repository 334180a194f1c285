// The `api` noun: gh api's counterpart, for any request to the store that no verb makes
// (request.ts declares and runs it).
import type { Noun } from '../types.js';
import request from './request.js';

// `api` has no verbs: the noun itself takes METHOD and PATH.
export const api: Noun = {
  name: 'api',
  summary: "Send any request to the store's API with your credentials, like gh api",
  verbs: [],
  action: request,
};
