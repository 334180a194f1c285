// The top-level fields of a webhook subscription, as --json selects them. Imports nothing: a verb declares
// its fields at start-up, on the --help path. schema.ts holds this list to the schema: a field
// added to one and not the other fails the type check.
export const WEBHOOK_SUBSCRIPTION_FIELDS = ['id', 'address', 'topic', 'format', 'createTime', 'updateTime'] as const;
export type WebhookSubscriptionField = (typeof WEBHOOK_SUBSCRIPTION_FIELDS)[number];
