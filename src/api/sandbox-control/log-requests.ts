// A running sandbox's request log (`GET /_sandbox/logs`): the requests it answered and the
// webhook deliveries it made, filtered, and a long poll for the entries still to come.
import type { SandboxControlApi } from './requests.js';
import { sandboxLogPageSchema, type SandboxLogPage, type SandboxLogQuery } from './log-schema.js';
import { parseWire } from '../schema.js';

export class SandboxLogApi {
  constructor(private readonly control: SandboxControlApi) {}

  async read(query: SandboxLogQuery): Promise<SandboxLogPage> {
    const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
    const body = await this.control.request('GET', '/logs', {
      query: {
        status: query.status,
        method: query.method,
        path: query.path,
        after: text(query.after),
        limit: text(query.limit),
        wait: text(query.waitMs),
        instance: query.instance,
      },
    });
    return parseWire(sandboxLogPageSchema, body, 'a request log');
  }
}
