/**
 * What a route requires: one scope, or any one of several (the service lists "ANY of" per
 * endpoint). The scopes are the resources': each entry of resources/index.ts declares those its
 * routes require, and test/sandbox/resource-kit.test.ts holds every route to them.
 */
export type ScopeRequirement = string | readonly string[];
