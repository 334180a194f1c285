// The sandbox's own controls (its request log, state snapshots, fault rules...), served beside
// the API on a root no path of the service can start with, so the two never collide.
import type { Method, RouteReply, RouteRequest } from '../resources/resource.js';
import { Router } from './router.js';

export const CONTROL_ROOT = '/_sandbox';

/** The largest snapshot PUT /_sandbox/state takes: 64 MiB, some 300,000 metafield values. */
export const MAX_STATE_BYTES = 64 * 1024 * 1024;

export interface ControlRoute {
  method: Method;
  /** Below CONTROL_ROOT, e.g. `/logs`; `:name` segments are parameters. */
  path: string;
  /** One line for the index at `GET /_sandbox`. */
  summary: string;
  /** Largest body it takes; default the API's 1 MiB (a whole state snapshot needs more). */
  maxBodyBytes?: number;
  /** `created` answers 201. Any valid sandbox token may call a control route: they need no scope. */
  handle(request: RouteRequest): RouteReply | Promise<RouteReply>;
}

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_ROOT || pathname.startsWith(`${CONTROL_ROOT}/`);
}

/** The control routes plus the index that lists them, which is how a user finds them. */
export function controlRouter(routes: readonly ControlRoute[]): Router<ControlRoute> {
  const index: ControlRoute = {
    method: 'GET',
    path: '/',
    summary: 'this list of control endpoints',
    handle: () => ({
      body: { endpoints: [index, ...routes].map((route) => ({ method: route.method, path: CONTROL_ROOT + route.path, summary: route.summary })) },
    }),
  };
  return new Router([index, ...routes], CONTROL_ROOT);
}
