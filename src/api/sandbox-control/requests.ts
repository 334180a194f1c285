// The control endpoints of a running store-cli sandbox (`/_sandbox/...`: its request log,
// state, fault rules), for the `sandbox` commands that act on one. A real store has none:
// its 404 becomes a sentence saying the target is not a sandbox.
import { ApiError, RuntimeError } from '../../core/errors.js';
import type { Method } from '../../core/http.js';
import type { Transport } from '../../core/transport.js';

export const SANDBOX_CONTROL_ROOT = '/_sandbox';

export class SandboxControlApi {
  constructor(private readonly transport: Transport) {}

  /** `path` below the control root, e.g. `/logs`; the answer's JSON body. */
  async request(method: Method, path: string, options: { query?: Record<string, string | undefined>; body?: unknown } = {}): Promise<unknown> {
    try {
      // Control calls change the sandbox, not the store's data: a lost answer may be resent.
      const response = await this.transport.request({ method, path: SANDBOX_CONTROL_ROOT + path, ...options, idempotent: true });
      return response.body;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && (await this.isNotSandbox())) {
        const where = (await this.transport.baseUrl?.()) ?? 'The target store';
        throw new RuntimeError(
          `${where} is not a store-cli sandbox: it has no ${SANDBOX_CONTROL_ROOT}/ endpoints (start one with "store-cli sandbox serve").`,
          { cause: error },
        );
      }
      throw error;
    }
  }

  /** A sandbox answers its index; anything else does not. */
  private async isNotSandbox(): Promise<boolean> {
    try {
      await this.transport.request({ method: 'GET', path: `${SANDBOX_CONTROL_ROOT}/` });
      return false;
    } catch {
      return true;
    }
  }
}
