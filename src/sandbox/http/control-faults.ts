// `/_sandbox/faults`: the targeted fault rules of a running sandbox, listed, added, removed and
// replaced while it runs (`store-cli sandbox fault add|list|remove`).
import type { ControlRoute } from './control.js';
import { FaultRuleError, parseFaultRule, RULE_GRAMMAR, type FaultRule, type FaultRules } from './fault-rules.js';
import { invalidField, notFound } from './sandbox-errors.js';

function ruleAt(value: unknown, field: string): FaultRule {
  if (typeof value !== 'string') throw invalidField(field, `must be a fault rule as text, ${RULE_GRAMMAR}`);
  try {
    return parseFaultRule(value);
  } catch (error) {
    if (error instanceof FaultRuleError) throw invalidField(field, `is not a fault rule: ${error.message}`);
    throw error;
  }
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidField('body', 'must be a JSON object');
  return body as Record<string, unknown>;
}

export function faultControlRoutes(rules: FaultRules): ControlRoute[] {
  return [
    { method: 'GET', path: '/faults', summary: 'the targeted fault rules, in the order they are tried', handle: () => ({ body: { faults: rules.list() } }) },
    {
      method: 'POST',
      path: '/faults',
      summary: 'add a fault rule after the others: {"rule": "POST /api/202412/metafields/** 503@0.3"}',
      handle: ({ body }) => ({ created: true, body: { fault: rules.add(ruleAt(objectBody(body).rule, 'rule')) } }),
    },
    {
      method: 'PUT',
      path: '/faults',
      summary: 'replace every fault rule: {"rules": [...]} (all or none)',
      handle: ({ body }) => {
        const list = objectBody(body).rules;
        if (!Array.isArray(list)) throw invalidField('rules', `must be a list of fault rules, each ${RULE_GRAMMAR}`);
        // Every rule is checked before any replaces the rules in force.
        const parsed = list.map((rule, index) => ruleAt(rule, `rules[${index}]`));
        return { body: { faults: rules.replace(parsed) } };
      },
    },
    { method: 'DELETE', path: '/faults', summary: 'remove every fault rule (answers those removed)', handle: () => ({ body: { faults: rules.clear() } }) },
    {
      method: 'DELETE',
      path: '/faults/:id',
      summary: 'remove one fault rule by its id',
      handle: ({ params }) => {
        const removed = rules.remove(params.id as string);
        if (removed === undefined) throw notFound(`No fault rule has the id ${params.id}; GET /_sandbox/faults lists them.`);
        return { body: { fault: removed } };
      },
    },
  ];
}
