// The targeted fault rules of a running store-cli sandbox (`/_sandbox/faults`), for
// `sandbox fault add|list|remove`.
import * as z from 'zod/mini';
import type { SandboxControlApi } from './requests.js';
import { sandboxFaultSchema, type SandboxFault } from './fault-schema.js';
import { parseWire } from '../schema.js';
import { segment } from '../wire.js';

export class SandboxFaultsApi {
  constructor(private readonly control: SandboxControlApi) {}

  /** The rules in force, in the order the sandbox tries them. */
  async list(): Promise<SandboxFault[]> {
    const body = await this.control.request('GET', '/faults');
    return parseWire(z.object({ faults: z.array(sandboxFaultSchema) }), body, 'a fault rule list').faults;
  }

  /** Adds a rule after the others; the sandbox answers it with its id. */
  async add(rule: string): Promise<SandboxFault> {
    const body = await this.control.request('POST', '/faults', { body: { rule } });
    return parseWire(z.object({ fault: sandboxFaultSchema }), body, 'a fault rule').fault;
  }

  /** Removes one rule by id (a 404 when the sandbox has no such rule). */
  async remove(id: string): Promise<SandboxFault> {
    const body = await this.control.request('DELETE', `/faults/${segment(id)}`);
    return parseWire(z.object({ fault: sandboxFaultSchema }), body, 'a removed fault rule').fault;
  }

  /** Removes every rule; the rules removed. */
  async clear(): Promise<SandboxFault[]> {
    const body = await this.control.request('DELETE', '/faults');
    return parseWire(z.object({ faults: z.array(sandboxFaultSchema) }), body, 'a list of removed fault rules').faults;
  }
}
