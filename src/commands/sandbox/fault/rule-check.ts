// A fault rule checked with the sandbox's own grammar before anything starts or is sent, so
// a bad one exits 2 with a sentence naming the flag, the rule and the part that is wrong.
import { UsageError } from '../../../core/errors.js';

export const FAULT_RULE_HELP = 'METHOD PATH-GLOB STATUS[@PROBABILITY][+LATENCYms], e.g. "POST /api/202412/metafields/** 503@0.3"';

/** The rule in its canonical form; `name` is how the user gave it (`--fault`, `<rule>`). */
export async function checkFaultRule(text: string, name: string): Promise<string> {
  const { FaultRuleError, parseFaultRule } = await import('../../../sandbox/index.js');
  try {
    return parseFaultRule(text).rule;
  } catch (error) {
    if (error instanceof FaultRuleError) throw new UsageError(`${name} "${text}": ${error.message}.`);
    throw error;
  }
}
